/**
 * What the monitor runs on with nothing configured: the local server `mqtop serve` runs for
 * the data directory when there is one (used, never stopped); otherwise its own, keeping its
 * state in that directory and announced there (so commands find it) until it closes; and a
 * throwaway in-memory one for --demo and --ephemeral.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readServerFile } from '../../source/cli/local-server.js';
import { chooseBackend } from '../../source/cli/monitor-backend.js';
import { resolveConnection } from '../../source/config/resolve.js';
import { conformant } from '../support/conformance.js';
import { assertBuilt, baseEnv, startServe } from './child.js';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

let home: string;
beforeAll(async () => {
	assertBuilt();
	home = await mkdtemp(path.join(tmpdir(), 'mqtop-monitor-'));
});
afterAll(async () => {
	await rm(home, { recursive: true, force: true });
});

const local = resolveConnection({ config: { profiles: {} }, configPath: '/c.json', env: {}, flags: {} });
const choice = (dataDir: string, extra: { throwaway?: boolean; demo?: boolean } = {}) => ({
	dataDir,
	configPath: '/c.json',
	throwaway: extra.throwaway ?? false,
	demo: extra.demo ?? false,
	port: 0,
});

describe('the monitor with nothing configured', () => {
	it('uses the local server mqtop serve runs, and leaves it running', async () => {
		const served = await startServe(baseEnv(home, { XDG_DATA_HOME: path.join(home, 'served') }));
		try {
			const backend = await chooseBackend(local, choice(path.join(home, 'served', 'mqtop')));
			expect(backend.localServer).toEqual({ kind: 'running' });
			expect(backend.client.settings.queueUrl).toBe(served.info.queueUrl);
			expect(backend.keys?.current).toBe(served.info.currentSigningKey);
			expect((await conformant(backend.client).listUsers())[0]?.id).toBe(served.info.accountId);
			await backend.close();
			expect(served.child.exitCode).toBe(null);
		} finally {
			await served.stop();
		}
	});

	it('runs its own when none runs, keeping its state and announcing itself in the data directory', async () => {
		const dataDir = path.join(home, 'own');
		const first = await chooseBackend(local, choice(dataDir));
		expect(first.localServer).toEqual({ kind: 'own', dataDir });
		const announced = await readServerFile(dataDir);
		expect(announced?.queueUrl).toBe(first.client.settings.queueUrl);
		await first.client.groups.addEndpoints('kept', [{ url: 'http://127.0.0.1:9/x' }]);
		await first.close();
		expect(await readServerFile(dataDir)).toBeUndefined();

		const second = await chooseBackend(local, choice(dataDir));
		try {
			expect(second.client.settings.token).toBe(first.client.settings.token);
			expect((await conformant(second.client).listGroups()).map((g) => g.name)).toEqual(['kept']);
		} finally {
			await second.close();
		}
	});

	it('runs a throwaway one for --demo and --ephemeral, announced nowhere', async () => {
		const dataDir = path.join(home, 'throwaway');
		const backend = await chooseBackend(local, choice(dataDir, { throwaway: true }));
		try {
			expect(backend.localServer).toBeUndefined();
			expect(await readServerFile(dataDir)).toBeUndefined();
			expect(await conformant(backend.client).listGroups()).toEqual([]);
		} finally {
			await backend.close();
		}
	});
});
