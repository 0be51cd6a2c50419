/**
 * The development loop over real processes (the built CLI as children, each with a data
 * directory of its own): a throwaway server next to the one that keeps the data directory, a
 * restart that keeps the directory's dialect, and `mqtop listen` told of deliveries signed in
 * the other dialect.
 */
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MqClient } from '../../source/api/client.js';
import { dialectPresets } from '../../source/api/dialect.js';
import { waitUntil } from '../support/wait.js';
import { assertBuilt, baseEnv, runCli, spawnCli, startServe } from './child.js';

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

describe('the data directory keeps its dialect', () => {
	it('a restart without --dialect speaks the kept one; another one asked for is said loudly', async () => {
		const { env } = envOf('dialect');
		const first = await startServe(env, ['--dialect', 'deployed']);
		expect(first.info.dialect).toEqual(dialectPresets.deployed);
		await first.stop();

		const again = await startServe(env);
		try {
			expect(again.info.dialect).toEqual(dialectPresets.deployed);
			expect(again.stderr()).not.toContain('DIALECT');
			const env2 = await runCli(['serve', '--env'], { env });
			expect(env2.stdout).toContain('QSTASH_URL=');
		} finally {
			await again.stop();
		}

		// Asked for explicitly: it speaks neutral from now on, and says so on stderr and in the banner.
		const switched = spawnCli(['serve', '--port', '0', '--dialect', 'neutral'], env);
		try {
			await waitUntil(
				() => (switched.stdout().includes('listening on') ? true : undefined),
				20_000,
				() => `the banner; stderr: ${switched.stderr()}`,
			);
			expect(switched.stderr()).toMatch(
				/mqtop: DIALECT CHANGED: this data directory spoke the deployed dialect and now speaks neutral/,
			);
			expect(switched.stdout()).toContain('!! DIALECT CHANGED');
			expect(switched.stdout()).toMatch(/dialect\s+neutral: header prefix Svc-/);
		} finally {
			switched.child.kill('SIGTERM');
			await switched.exited;
		}
		const kept = await startServe(env);
		try {
			expect(kept.info.dialect).toEqual(dialectPresets.neutral);
			expect(kept.stderr()).not.toContain('DIALECT');
		} finally {
			await kept.stop();
		}
	});

	it('mqtop listen in the other dialect says which dialect signed the delivery and what to run', async () => {
		const { env } = envOf('listen');
		const served = await startServe(env);
		const listen = spawnCli(
			[
				'listen',
				'--json',
				'--dialect',
				'deployed',
				'--current-signing-key',
				served.info.currentSigningKey as string,
				'--next-signing-key',
				served.info.nextSigningKey as string,
			],
			env,
		);
		try {
			const url = await waitUntil(
				() => /"listening":"([^"]+)"/.exec(listen.stdout())?.[1],
				20_000,
				() => listen.stderr(),
			);
			const client = new MqClient(
				{
					queueUrl: served.info.queueUrl as string,
					token: served.info.token as string,
					managementUrl: served.info.managementUrl as string,
					email: served.info.email as string,
					apiKey: served.info.apiKey as string,
					dialect: dialectPresets.neutral,
				},
				{ retry: { retries: 0, baseDelayMs: 10, maxDelayMs: 10 } },
			);
			await client.publish({ destination: `${url}/hook`, body: 'hi', options: { retries: 0 } });
			const line = await waitUntil(
				() =>
					listen
						.stdout()
						.split('\n')
						.find((l) => l.includes('"path":"/hook"')),
				20_000,
				() => `a line for the delivery; stdout: ${listen.stdout()}`,
			);
			const record = JSON.parse(line) as { verified: boolean; reason: string; responseStatus: number };
			expect(record.verified).toBe(false);
			expect(record.responseStatus).toBe(401);
			expect(record.reason).toBe(
				'signed in the neutral dialect; this receiver expects deployed: run `mqtop listen --dialect neutral`, ' +
					"or start the server with the receiver's dialect",
			);
		} finally {
			listen.child.kill('SIGTERM');
			await listen.exited;
			await served.stop();
		}
	});
});

describe('mqtop --help', () => {
	it("lists every flag of the monitor's own, not only under `mqtop --demo --help`", async () => {
		const help = await runCli(['--help'], { env: envOf('help').env });
		expect(help.code).toBe(0);
		for (const flag of [
			'--demo',
			'--ephemeral',
			'--refresh <duration>',
			'--read-only',
			'--notify <how>',
			'--port <port>',
			'--receiver-port <port>',
			'--forward-to <url>',
		])
			expect(help.stdout, flag).toMatch(new RegExp(`^ +${flag} `, 'm'));
	});
});
