/**
 * A token rotated through the management API (POST /v2/<product>/rotate-token/{id}) while
 * `mqtop serve` runs: server.json is written again with the new token, so that a command or a
 * monitor started afterwards reaches the server; a monitor that was already running, refused
 * with 401, takes the new token from server.json and goes on. Each region of `serve --regions`
 * rotates its own. The monitor's own server (no `mqtop serve` running) does the same.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openConnection } from '../../source/cli/connect.js';
import { findLocalServer, readServerFile } from '../../source/cli/local-server.js';
import { chooseBackend } from '../../source/cli/monitor-backend.js';
import { resolveConnection } from '../../source/config/resolve.js';
import { waitUntil } from '../support/wait.js';
import { assertBuilt, baseEnv, mainJs, runCli, startServe } from './child.js';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

let home: string;
beforeAll(async () => {
	assertBuilt();
	home = await mkdtemp(path.join(tmpdir(), 'mqtop-rotation-'));
});
afterAll(async () => {
	await rm(home, { recursive: true, force: true });
});

const local = resolveConnection({ config: { profiles: {} }, configPath: '/c.json', env: {}, flags: {} });

interface Reach {
	queueUrl: string;
	managementUrl?: string | undefined;
	email?: string | undefined;
	apiKey?: string | undefined;
	accountId?: string | undefined;
	token: string;
}

/** Rotates the account's token of the server (or region) `at` describes; the new token. */
async function rotate(at: Reach, product: string): Promise<string> {
	const basic = Buffer.from(`${at.email}:${at.apiKey}`).toString('base64');
	const answer = await fetch(
		`${at.managementUrl ?? at.queueUrl}/v2/${product}/rotate-token/${at.accountId}`,
		{
			method: 'POST',
			headers: { authorization: `Basic ${basic}` },
		},
	);
	expect(answer.status).toBe(200);
	const token = ((await answer.json()) as { token: string }).token;
	expect(token).not.toBe(at.token);
	return token;
}

describe('a token rotated while mqtop serve runs', () => {
	it('is written to server.json, for each region; commands and a running monitor go on', async () => {
		const env = baseEnv(home, { XDG_DATA_HOME: path.join(home, 'served') });
		const dataDir = path.join(home, 'served', 'mqtop');
		const served = await startServe(env, ['--regions', 'eu-central-1,us-east-1']);
		try {
			const info = served.info as unknown as Reach & {
				regions: (Reach & { region: string })[];
				dialect: { productSegment: string };
			};
			const product = info.dialect.productSegment;
			const eu = info.regions[0] as Reach;
			const us = info.regions[1] as Reach;
			// A monitor that started before the rotation.
			const monitor = await chooseBackend(local, {
				dataDir,
				configPath: '/c.json',
				throwaway: false,
				demo: false,
				port: 0,
			});
			expect(monitor.client.settings.token).toBe(info.token);
			// And a command that runs on (mqtop listen, --follow).
			const command = await openConnection(local, 'queue', {
				configPath: '/c.json',
				dataDir,
				findLocal: findLocalServer,
			});

			const token = await rotate(info, product);
			const file = await waitUntil(async () => {
				const kept = await readServerFile(dataDir);
				return kept?.token === token ? kept : undefined;
			}, 20_000);
			expect(file.regions?.[0]?.token).toBe(token);
			expect(file.regions?.[1]?.token).toBe(us.token);

			// A command started afterwards finds the server with the new token.
			const listed = await runCli(['queues', '--json'], { env });
			expect(listed.stderr).toBe('');
			expect(listed.code).toBe(0);
			// The running monitor was refused with its old token: it read the new one and went on.
			expect(await monitor.client.queues.list()).toMatchObject({ data: [] });
			expect(monitor.client.settings.token).toBe(token);
			await monitor.close();
			expect(await command.client.queues.list()).toMatchObject({ data: [] });

			const usToken = await rotate(us, product);
			await waitUntil(
				async () => ((await readServerFile(dataDir))?.regions?.[1]?.token === usToken ? true : undefined),
				20_000,
			);
			expect((await readServerFile(dataDir))?.token).toBe(token);
			expect(eu.token).toBe(info.token);
		} finally {
			await served.stop();
		}
	});
});

describe("a token rotated on the monitor's own server", () => {
	it('is written to server.json and used by the monitor', async () => {
		const dataDir = path.join(home, 'own');
		const backend = await chooseBackend(local, {
			dataDir,
			configPath: '/c.json',
			throwaway: false,
			demo: false,
			port: 0,
		});
		try {
			const announced = await readServerFile(dataDir);
			if (!announced) throw new Error('the monitor did not announce its server');
			const token = await rotate(announced, backend.dialect.productSegment);
			await waitUntil(
				async () => ((await readServerFile(dataDir))?.token === token ? true : undefined),
				20_000,
			);
			expect(await backend.client.queues.list()).toMatchObject({ data: [] });
			expect(backend.client.settings.token).toBe(token);
		} finally {
			await backend.close();
		}
	});
});

describe('a token rotated on a service on a worker thread', () => {
	it('is told to the thread that started it', async () => {
		// The built module: run from the sources, the service would not go to a worker.
		const worker = (await import(
			pathToFileURL(path.join(path.dirname(mainJs), '..', 'local', 'service-thread.js')).href
		)) as typeof import('../../source/local/service-thread.js');
		const told: string[] = [];
		const service = await worker.startLocalServiceInWorker(
			{ port: 0 },
			{ onTokenChange: (token) => told.push(token) },
		);
		try {
			const token = await rotate(service, service.dialect.productSegment);
			expect(await waitUntil(() => told[0], 20_000, 'the worker to tell the new token')).toBe(token);
		} finally {
			await service.close();
		}
	});
});
