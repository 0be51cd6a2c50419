/**
 * The import rules `npm run lint` enforces (biome.json): imports point down, a pane never
 * imports another pane, nothing in the TUI imports the CLI, the local service's domain code
 * imports nothing of its HTTP edge, the TUI and the commands import the receiver through its
 * index.ts, no cycles. Each is checked by running
 * the linter, with the project's own configuration, on a small tree that breaks it, next to one
 * that keeps every rule.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const biome = resolve('node_modules/@biomejs/biome/bin/biome');

interface Diagnostic {
	category: string;
	message: string;
	location: { path: string };
}

let root: string;

/** Writes a tree of files and lints it with the project's rules; the diagnostics as `file rule`. */
async function lint(name: string, files: Record<string, string>): Promise<string[]> {
	const dir = join(root, name);
	for (const [path, text] of Object.entries(files)) {
		await mkdir(dirname(join(dir, path)), { recursive: true });
		await writeFile(join(dir, path), text);
	}
	const config = JSON.parse(await readFile('biome.json', 'utf8')) as Record<string, unknown>;
	delete config.$schema;
	await writeFile(join(dir, 'biome.json'), JSON.stringify(config));
	const result = await run(process.execPath, [biome, 'lint', '--reporter=json', 'source'], {
		cwd: dir,
	}).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
	const report = JSON.parse(result.stdout) as { diagnostics: Diagnostic[] };
	return report.diagnostics.map((d) => `${d.location.path} ${d.category.replace(/^lint\/\w+\//, '')}`);
}

const base = {
	'source/cli/output.ts': 'export const cli = 1;\n',
	'source/ui/data/store.ts': 'export const store = 1;\n',
	'source/ui/kit/gap/view.ts': "import { store } from '../../data/store.js';\nexport const gap = store;\n",
	'source/ui/panes/vector/state.ts': 'export const vector = 2;\n',
	'source/ui/panes/search/view.ts':
		"import { store } from '../../data/store.js';\nimport { gap } from '../../kit/gap/view.js';\nimport { local } from './state.js';\nexport const search = store + gap + local;\n",
	'source/ui/panes/search/state.ts': 'export const local = 3;\n',
	'source/ui/registry.ts':
		"import { search } from './panes/search/view.js';\nimport { vector } from './panes/vector/state.js';\nexport const panes = [search, vector];\n",
	'source/ui/app/shell.ts': "import { panes } from '../registry.js';\nexport const shell = panes;\n",
	'source/receiver/store.ts': 'export const events = 4;\n',
	'source/receiver/index.ts': "export { events } from './store.js';\n",
	'source/ui/data/feed.ts':
		"import { events } from '../../receiver/index.js';\nexport const feed = events;\n",
	'source/cli/listen.ts': "import { events } from '../receiver/index.js';\nexport const listen = events;\n",
};

describe('the import rules of npm run lint', () => {
	beforeAll(async () => {
		root = await mkdtemp(join(tmpdir(), 'mqtop-lint-'));
	});
	afterAll(async () => {
		await rm(root, { recursive: true, force: true });
	});

	it('pass on a tree whose imports point down', async () => {
		expect(await lint('clean', base)).toEqual([]);
	});

	it('fail on a pane importing another pane', async () => {
		const found = await lint('pane-to-pane', {
			...base,
			'source/ui/panes/search/view.ts':
				"import { vector } from '../vector/state.js';\nexport const search = vector;\n",
		});
		expect(found).toEqual(['source/ui/panes/search/view.ts noRestrictedImports']);
	});

	it('fail on the TUI importing the CLI', async () => {
		const found = await lint('ui-to-cli', {
			...base,
			'source/ui/kit/gap/view.ts': "import { cli } from '../../../cli/output.js';\nexport const gap = cli;\n",
			'source/ui/app/shell.ts': "import { cli } from '../../cli/output.js';\nexport const shell = cli;\n",
		});
		expect(found.sort()).toEqual([
			'source/ui/app/shell.ts noRestrictedImports',
			'source/ui/kit/gap/view.ts noRestrictedImports',
		]);
	});

	it('fail on an upward import: the data layer importing the kit, a widget importing a pane', async () => {
		const found = await lint('upward', {
			...base,
			'source/ui/data/store.ts': "import { gap } from '../kit/gap/view.js';\nexport const store = gap;\n",
			'source/ui/kit/gap/view.ts':
				"import { local } from '../../panes/search/state.js';\nexport const gap = local;\n",
		});
		expect(found).toContain('source/ui/data/store.ts noRestrictedImports');
		expect(found).toContain('source/ui/kit/gap/view.ts noRestrictedImports');
	});

	it("fail on the local service's domain code importing its HTTP edge, not on its handlers", async () => {
		const edge = {
			'source/local/errors.ts': 'export const invalid = (m: string) => new Error(m);\n',
			'source/local/http/reply.ts': 'export const ok = (json: unknown) => ({ status: 200, json });\n',
			'source/local/http/body.ts': 'export const readBody = () => 1;\n',
			'source/local/api/queues.ts':
				"import { readBody } from '../http/body.js';\nimport { ok } from '../http/reply.js';\nexport const h = () => ok(readBody());\n",
		};
		expect(
			await lint('domain-clean', {
				...base,
				...edge,
				'source/local/messages/options.ts':
					"import { invalid } from '../errors.js';\nexport const check = () => invalid('bad');\n",
			}),
		).toEqual([]);
		const found = await lint('domain-to-http', {
			...base,
			...edge,
			'source/local/messages/options.ts':
				"import { ok } from '../http/reply.js';\nexport const check = ok;\n",
			'source/local/indexes/data-plane/routes.ts':
				"import { readBody } from '../../http/body.js';\nexport const read = readBody;\n",
		});
		expect(found.sort()).toEqual([
			'source/local/indexes/data-plane/routes.ts noRestrictedImports',
			'source/local/messages/options.ts noRestrictedImports',
		]);
	});

	it('fail on the TUI or a command reaching past receiver/index.ts, by a type or a dynamic import too', async () => {
		const found = await lint('receiver-door', {
			...base,
			'source/ui/data/feed.ts':
				"import { events } from '../../receiver/store.js';\nexport const feed = events;\n",
			'source/ui/panes/search/state.ts':
				"import type { events } from '../../../receiver/store.js';\nexport const local: typeof events = 3;\n",
			'source/cli/listen.ts':
				"export const listen = async () => (await import('../receiver/store.js')).events;\n",
		});
		expect(found.sort()).toEqual([
			'source/cli/listen.ts noRestrictedImports',
			'source/ui/data/feed.ts noRestrictedImports',
			'source/ui/panes/search/state.ts noRestrictedImports',
		]);
	});

	it('fail on an import cycle, of types too', async () => {
		const found = await lint('cycle', {
			...base,
			'source/ui/data/store.ts': "import type { Other } from './other.js';\nexport type Store = Other | 1;\n",
			'source/ui/data/other.ts': "import type { Store } from './store.js';\nexport type Other = Store[];\n",
		});
		expect(found.sort()).toEqual([
			'source/ui/data/other.ts noImportCycles',
			'source/ui/data/store.ts noImportCycles',
		]);
	});
});
