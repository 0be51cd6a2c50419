/**
 * `mqtop listen` beside a local server of two regions (`mqtop serve --regions`), both built
 * programs in child processes: it verifies a delivery from either region with that region's
 * keys and says which region signed it; a delivery signed with no region's keys is rejected.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MqClient } from '../../source/api/client.js';
import type { ConnectionSettings } from '../../source/api/connection.js';
import { prefixed, resolveDialect } from '../../source/api/dialect.js';
import { signRequest } from '../../source/signing/jwt.js';
import { baseEnv, type Served, startServe } from '../cli/child.js';
import { waitUntil } from '../support/wait.js';
import { listen, stop } from './listen-process.js';

interface RegionInfo {
	region: string;
	queueUrl: string;
	token: string;
	currentSigningKey: string;
	nextSigningKey: string;
}

interface Line {
	path: string;
	verified: boolean;
	keyPair: string | null;
	reason: string | null;
}

const dialect = resolveDialect(undefined);
let home: string;
let served: Served;

beforeAll(async () => {
	home = await mkdtemp(path.join(tmpdir(), 'mqtop-listen-regions-'));
	served = await startServe(baseEnv(home), ['--regions', 'eu-central-1,us-east-1']);
}, 60_000);

afterAll(async () => {
	await served?.stop();
	if (home) await rm(home, { recursive: true, force: true });
});

describe('mqtop listen with the keys of a local server of several regions', () => {
	it('verifies deliveries from each region and names the region that signed', async () => {
		const regions = (served.info as unknown as { regions: RegionInfo[] }).regions;
		const running = listen(['--json'], { XDG_DATA_HOME: path.join(home, 'data') });
		try {
			const first = await waitUntil(
				() => running.lines[0],
				15_000,
				() => `no listening line: ${running.stderr()}`,
			);
			const url = (JSON.parse(first) as { listening: string }).listening;
			const lines = () => running.lines.slice(1).map((line) => JSON.parse(line) as Line);
			for (const region of regions) {
				const client = new MqClient(
					{
						...(served.info as unknown as ConnectionSettings),
						queueUrl: region.queueUrl,
						token: region.token,
						dialect,
						timeoutMs: 5000,
					},
					{ retry: { retries: 0, baseDelayMs: 10, maxDelayMs: 10 } },
				);
				await client.publish({ destination: `${url}/${region.region}`, body: 'hi', options: { retries: 0 } });
			}
			for (const region of regions) {
				const line = await waitUntil(
					() => lines().find((l) => l.path === `/${region.region}`),
					20_000,
					() => `no line for ${region.region}: ${running.stderr()}`,
				);
				expect(line).toMatchObject({ verified: true, keyPair: region.region });
			}
			// Signed with a key no region has: rejected, whatever region it claims.
			const body = Buffer.from('forged');
			const forged = await fetch(`${url}/forged`, {
				method: 'POST',
				body,
				headers: {
					[prefixed(dialect, 'Region')]: 'US-EAST-1',
					[prefixed(dialect, 'Signature')]: signRequest({
						key: 'sig_not_a_region_key',
						issuer: dialect.issuer,
						url: `${url}/forged`,
						body,
						now: Math.floor(Date.now() / 1000),
					}),
				},
			});
			expect(forged.status).toBe(401);
			const rejected = await waitUntil(() => lines().find((l) => l.path === '/forged'), 20_000);
			expect(rejected.verified).toBe(false);
		} finally {
			await stop(running);
		}
	}, 120_000);
});
