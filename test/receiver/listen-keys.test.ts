/**
 * `mqtop listen` verifying with the keys of the local server that runs (`mqtop serve`), both
 * built programs in child processes: after the server rotates its keys twice (POST
 * /v2/keys/rotate), neither key `listen` read at start signs any more, and every genuine
 * delivery must still be verified (issue #29, 8).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MqClient } from '../../source/api/client.js';
import { resolveDialect } from '../../source/api/dialect.js';
import type { LocalServiceInfo } from '../../source/local/service.js';
import { baseEnv, type Served, startServe } from '../cli/child.js';
import { waitUntil } from '../support/wait.js';
import { listen, type Running, stop } from './listen-process.js';

let home: string;
let served: Served;
let client: MqClient;

beforeAll(async () => {
	home = await mkdtemp(path.join(tmpdir(), 'mqtop-listen-keys-'));
	served = await startServe(baseEnv(home));
	client = new MqClient(
		{ ...(served.info as unknown as LocalServiceInfo), dialect: resolveDialect(undefined), timeoutMs: 5000 },
		{ retry: { retries: 0, baseDelayMs: 10, maxDelayMs: 10 } },
	);
});

afterAll(async () => {
	await served?.stop();
	if (home) await rm(home, { recursive: true, force: true });
});

interface Line {
	path: string;
	verified: boolean;
	reason: string | null;
	signingKey: string | null;
	responseStatus: number;
}

const lines = (running: Running) => running.lines.slice(1).map((line) => JSON.parse(line) as Line);

describe('mqtop listen with the keys of the local server', () => {
	it('verifies deliveries signed with the keys the server rotated to', async () => {
		const running = listen(['--json'], { XDG_DATA_HOME: path.join(home, 'data') });
		try {
			const first = await waitUntil(
				() => running.lines[0],
				15_000,
				() => `no listening line: ${running.stderr()}`,
			);
			const url = (JSON.parse(first) as { listening: string }).listening;
			const deliver = async (name: string) => {
				await client.publish({ destination: `${url}/${name}`, body: name, options: { retries: 0 } });
				return waitUntil(
					() => lines(running).find((line) => line.path === `/${name}`),
					15_000,
					() => `no line for /${name}: ${running.lines.join('\n')}\n${running.stderr()}`,
				);
			};
			expect(await deliver('before')).toMatchObject({ verified: true, responseStatus: 200 });
			await client.keys.rotate();
			await client.keys.rotate();
			expect(await deliver('after')).toMatchObject({
				verified: true,
				signingKey: 'current',
				responseStatus: 200,
			});
			expect(await deliver('again')).toMatchObject({
				verified: true,
				signingKey: 'current',
				responseStatus: 200,
			});
		} finally {
			expect(await stop(running)).toBe(0);
		}
		expect(running.stderr()).toContain('signing keys of the local server at');
	});
});
