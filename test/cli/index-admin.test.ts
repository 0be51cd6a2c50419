/**
 * `mqtop vector indexes|create-index|delete-index` and `mqtop search indexes|create-index|delete-index`
 * end to end: the built CLI as a child process against `mqtop serve`. An index made by the CLI is
 * listed, reached by the data commands with --index, and deleted.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { assertBuilt, baseEnv, runCli, type Served, startServe } from './child.js';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

let home: string;
let served: Served;
let env: Record<string, string>;

const cli = (args: string[]) => runCli(args, { env });

async function json<T>(args: string[]): Promise<T> {
	const result = await cli([...args, '--json']);
	expect(result.stderr).toBe('');
	expect(result.code).toBe(0);
	return JSON.parse(result.stdout) as T;
}

type Resource = { id: string; name: string; index_type?: string; dimension_count?: number; token: string };

beforeAll(async () => {
	assertBuilt();
	home = await mkdtemp(path.join(tmpdir(), 'mqtop-index-admin-'));
	served = await startServe(baseEnv(home));
	env = baseEnv(home);
});

afterAll(async () => {
	await served?.stop();
	if (home) await rm(home, { recursive: true, force: true });
});

describe('vector indexes from the command line', () => {
	it('creates a hybrid index, lists it, uses it with --index, deletes it', async () => {
		const made = await json<Resource>([
			'vector',
			'create-index',
			'tiny-hybrid',
			'--type',
			'hybrid',
			'--dimension',
			'2',
			'--sparse-model',
			'BM25',
		]);
		expect(made).toMatchObject({ name: 'tiny-hybrid', index_type: 'HYBRID', dimension_count: 2 });
		// Masked unless --reveal.
		expect(made.token).not.toMatch(/^[A-Za-z0-9]{40}$/);

		const listed = await json<Resource[]>(['vector', 'indexes']);
		expect(listed.map((r) => r.name)).toEqual([
			'local-vector',
			'local-sparse',
			'local-hybrid',
			'tiny-hybrid',
		]);
		const table = await cli(['vector', 'indexes']);
		expect(table.code).toBe(0);
		expect(table.stdout).toContain('tiny-hybrid');
		expect(table.stdout).toContain('HYBRID');

		const range = await json<{ vectors: unknown[] }>(['vector', 'range', '--index', made.id]);
		expect(range.vectors).toEqual([]);

		expect(await json(['vector', 'delete-index', made.id])).toEqual({ deleted: made.id });
		expect((await json<Resource[]>(['vector', 'indexes'])).map((r) => r.id)).not.toContain(made.id);
		const again = await cli(['vector', 'delete-index', made.id]);
		expect(again.code).toBe(1);
		expect(again.stderr).toContain('not found');
	});

	it('says what is missing before anything is sent', async () => {
		const result = await cli(['vector', 'create-index', 'no-dimension']);
		expect(result.code).toBe(2);
		expect(result.stderr).toContain('--dimension');
		const refused = await cli(['vector', 'create-index', 'x', '--dimension', '2', '--type', 'flat']);
		expect(refused.code).toBe(2);
		expect(refused.stderr).toContain('--type must be one of DENSE, SPARSE, HYBRID');
	});
});

describe('search databases from the command line', () => {
	it('creates one, lists it, reads it, deletes it; the one made at start stays', async () => {
		const made = await json<Resource>(['search', 'create-index', 'docs', '--region', 'eu-west-1']);
		expect(made.name).toBe('docs');
		const listed = await json<Resource[]>(['search', 'indexes']);
		expect(listed.map((r) => r.name)).toEqual(['local-search', 'docs']);
		const shown = await json<{ name: string }>(['search', made.id]);
		expect(shown.name).toBe('docs');
		expect(await json(['search', 'delete-index', made.id])).toEqual({ deleted: made.id });
		const start = listed[0]!;
		const refused = await cli(['search', 'delete-index', start.id]);
		expect(refused.code).toBe(1);
		expect(refused.stderr).toContain('stays');
	});
});
