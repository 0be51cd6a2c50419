/**
 * The benchmarks' one way to start processes (bench/children.ts) and their watchdog
 * (bench/watchdog.ts): a child that fails makes what waits on it fail at once and say why, and a
 * benchmark that outlives its limit is ended with every process it started, named in the failure.
 * The children here are small scripts of the test's own.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BenchChild } from '../../bench/children.js';
import { runWithWatchdog } from '../../bench/watchdog.js';
import { repositoryRoot, transpileBench } from '../support/bench-build.js';
import { waitUntil } from '../support/wait.js';

let dir: string;
const out = path.join(repositoryRoot, '.test-out', 'bench-children');

beforeAll(async () => {
	dir = await mkdtemp(path.join(tmpdir(), 'mqtop-bench-children-'));
	// The benchmark process of the watchdog's test reports its children as a benchmark's does.
	transpileBench(out, ['bench']);
});

afterAll(async () => {
	await rm(dir, { recursive: true, force: true });
});

async function script(name: string, code: string): Promise<string> {
	const file = path.join(dir, name);
	await writeFile(file, code);
	return file;
}

const running = (pid: number) => {
	try {
		process.kill(pid, 0);
		return true;
	} catch {
		return false;
	}
};

describe('a benchmark child', () => {
	it('that throws as it starts fails what waits on it at once, with its exit code and stderr', async () => {
		const file = await script('broken.mjs', "throw new Error('no dist/ui/run.bundle.js here');\n");
		const child = BenchChild.fork<never, unknown>(file, { name: 'a broken child', showStderr: false });
		await expect(child.next()).rejects.toThrow(
			/a broken child \(pid \d+\) exited with code 1 before it answered; its stderr:\n[\s\S]*no dist\/ui\/run\.bundle\.js here/,
		);
	});

	it('whose module is missing fails at once, saying so', async () => {
		const child = BenchChild.fork<never, unknown>(path.join(dir, 'missing.mjs'), {
			name: 'a missing child',
			showStderr: false,
		});
		await expect(child.next()).rejects.toThrow(
			/a missing child .* exited with code 1[\s\S]*Cannot find module/,
		);
	});

	it('that exits while asked fails the question, and a child that ends fails what is watched', async () => {
		const file = await script(
			'quitter.mjs',
			"process.on('message', () => { process.stderr.write('giving up'); process.exit(5); });\n",
		);
		const child = BenchChild.fork<string, string>(file, { name: 'a quitter', showStderr: false });
		await expect(child.ask('work')).rejects.toThrow(
			/a quitter \(pid \d+\) exited with code 5[\s\S]*giving up/,
		);
		await expect(child.watch(new Promise(() => {}))).rejects.toThrow(/exited with code 5/);
	});

	it('answers in order, messages sent unasked included', async () => {
		const file = await script(
			'echo.mjs',
			"process.send('ready'); process.on('message', (m) => process.send(m + '!'));\n",
		);
		const child = BenchChild.fork<string, string>(file, { name: 'an echo' });
		expect(await child.next()).toBe('ready');
		expect(await Promise.all([child.ask('a'), child.ask('b')])).toEqual(['a!', 'b!']);
		child.close();
		expect((await child.ended).code).toBe(0);
	});
});

describe('the watchdog', () => {
	it('ends a benchmark that outlives its limit with every process it started, and names them', async () => {
		const children = pathToFileURL(path.join(out, 'bench', 'children.js')).href;
		// A benchmark that starts a child, then holds its own thread for good: only the runner's
		// watchdog can end it.
		const file = await script(
			'stuck-benchmark.mjs',
			`import { BenchChild } from ${JSON.stringify(children)};
const sleeper = BenchChild.spawn({ name: 'a sleeper', args: ['-e', 'setInterval(() => {}, 1000)'] });
sleeper.process.once('spawn', () => setTimeout(() => { for (;;); }, 200));
`,
		);
		const outcome = await runWithWatchdog({ name: 'stuck', file, args: [], limitMs: 3000 });
		expect(outcome.ok).toBe(false);
		const named = /^stuck did not end within 3 s: killed it and its children a sleeper \(pid (\d+)\)$/.exec(
			outcome.message ?? '',
		);
		expect(named, outcome.message).not.toBeNull();
		const pid = Number(named![1]);
		try {
			await waitUntil(() => (running(pid) ? undefined : true), 10_000, `the sleeper ${pid} still runs`);
		} finally {
			if (running(pid)) process.kill(pid, 'SIGKILL');
		}
	});

	it('reports a benchmark that exits with a failure it did not explain', async () => {
		const file = await script('crashing-benchmark.mjs', 'process.exit(7);\n');
		expect(await runWithWatchdog({ name: 'crashing', file, args: [], limitMs: 60_000 })).toEqual({
			ok: false,
			message: 'crashing exited with code 7',
		});
	});
});
