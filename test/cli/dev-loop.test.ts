/**
 * The development loop over real processes (the built CLI as children, each with a data
 * directory of its own): a throwaway server next to the one that keeps the data directory, a
 * restart that keeps the directory's dialect, and `mqtop listen` told of deliveries signed in
 * the other dialect.
 */
import { readFile, stat } from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { assertBuilt, baseEnv, runCli, startServe } from './child.js';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

let home: string;

beforeAll(async () => {
	assertBuilt();
	home = await mkdtemp(path.join(tmpdir(), 'mqtop-loop-'));
});

afterAll(async () => {
	if (home) await rm(home, { recursive: true, force: true });
});

/** A clean environment whose data directory is `<home>/<name>/mqtop`. */
function envOf(name: string): { env: Record<string, string>; dataDir: string } {
	const base = path.join(home, name);
	return { env: baseEnv(home, { XDG_DATA_HOME: base }), dataDir: path.join(base, 'mqtop') };
}

async function serverFile(dataDir: string): Promise<{ pid: number; queueUrl: string } | undefined> {
	try {
		return JSON.parse(await readFile(path.join(dataDir, 'server.json'), 'utf8'));
	} catch {
		return undefined;
	}
}

describe('a throwaway server beside the one that keeps the data directory', () => {
	it('leaves server.json alone, while it runs and when it stops; commands keep using the real server', async () => {
		const { env, dataDir } = envOf('ephemeral');
		const real = await startServe(env);
		try {
			const before = await serverFile(dataDir);
			expect(before?.pid).toBe(real.child.pid);
			const since = (await stat(path.join(dataDir, 'server.json'))).mtimeMs;

			const throwaway = await startServe(env, ['--ephemeral']);
			expect(throwaway.info.queueUrl).not.toBe(real.info.queueUrl);
			expect(await serverFile(dataDir)).toEqual(before);
			const during = await runCli(['config', '--json'], { env });
			expect(during.code).toBe(0);
			expect(during.stdout).toContain(real.info.queueUrl as string);
			expect(during.stdout).not.toContain(throwaway.info.queueUrl as string);

			await throwaway.stop();
			expect(await serverFile(dataDir)).toEqual(before);
			expect((await stat(path.join(dataDir, 'server.json'))).mtimeMs).toBe(since);
			const after = await runCli(['users', '--json'], { env });
			expect(after.stderr).toBe('');
			expect(after.code).toBe(0);
		} finally {
			await real.stop();
		}
	});
});
