/**
 * `mqtop serve --regions`: one server runs two regions, each with its own URL, token, signing
 * keys and state. An app in the official SDK's region migration mode (QSTASH_REGION and the
 * per-region variables, exactly as `serve --env` prints them) publishes to both, and its
 * Receiver verifies the deliveries of each, picking the keys by the Upstash-Region header.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client, Receiver } from '@upstash/qstash';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listen, type TestServer } from '../support/http-server.js';
import { envVariables, withEnv } from '../support/process-env.js';
import { waitUntil } from '../support/wait.js';
import { assertBuilt, baseEnv, runCli, type Served, startServe } from './child.js';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

interface Arrival {
	path: string;
	region: string | undefined;
	signature: string;
	body: string;
}

interface RegionInfo {
	region: string;
	queueUrl: string;
	token: string;
	currentSigningKey: string;
	nextSigningKey: string;
}

let home: string;
let destination: TestServer;
const arrivals: Arrival[] = [];

function readBody(request: IncomingMessage): Promise<string> {
	return new Promise((resolve) => {
		let text = '';
		request.setEncoding('utf8');
		request.on('data', (chunk: string) => {
			text += chunk;
		});
		request.on('end', () => resolve(text));
	});
}

beforeAll(async () => {
	assertBuilt();
	home = await mkdtemp(path.join(tmpdir(), 'mqtop-regions-'));
	destination = await listen((request, response) => {
		void readBody(request).then((body) => {
			arrivals.push({
				path: request.url ?? '',
				region: request.headers['upstash-region'] as string | undefined,
				signature: request.headers['upstash-signature'] as string,
				body,
			});
			response.end('ok');
		});
	});
});

afterAll(async () => {
	await destination?.close();
	await rm(home, { recursive: true, force: true });
});

describe('mqtop serve --regions', () => {
	let served: Served;
	let env: Record<string, string>;

	beforeAll(async () => {
		env = baseEnv(home, { XDG_DATA_HOME: path.join(home, 'data') });
		served = await startServe(env, ['--dialect', 'deployed', '--regions', 'eu-central-1,us-east-1']);
	});
	afterAll(async () => {
		await served?.stop();
	});

	it('lists each region with its own URL, token and signing keys, the first the default', async () => {
		const info = served.info as unknown as { queueUrl: string; token: string; regions: RegionInfo[] };
		expect(info.regions.map((r) => r.region)).toEqual(['eu-central-1', 'us-east-1']);
		const [eu, us] = info.regions as [RegionInfo, RegionInfo];
		expect(info.queueUrl).toBe(eu.queueUrl);
		expect(info.token).toBe(eu.token);
		expect(us.queueUrl).not.toBe(eu.queueUrl);
		expect(us.token).not.toBe(eu.token);
		expect(us.currentSigningKey).not.toBe(eu.currentSigningKey);
		// Each region keeps its state in a directory of its own.
		expect((await readdir(path.join(home, 'data', 'mqtop', 'regions'))).sort()).toEqual([
			'eu-central-1',
			'us-east-1',
		]);
	});

	it("an app in the SDK's migration mode publishes to both regions and its Receiver verifies each", async () => {
		const info = served.info as unknown as { regions: RegionInfo[] };
		const [eu, us] = info.regions as [RegionInfo, RegionInfo];
		const printed = await runCli(['serve', '--env'], { env });
		expect(printed.code).toBe(0);
		const vars = envVariables(printed.stdout);
		expect(vars).toMatchObject({
			QSTASH_REGION: 'EU_CENTRAL_1',
			QSTASH_URL: eu.queueUrl,
			EU_CENTRAL_1_QSTASH_URL: eu.queueUrl,
			EU_CENTRAL_1_QSTASH_TOKEN: eu.token,
			EU_CENTRAL_1_QSTASH_CURRENT_SIGNING_KEY: eu.currentSigningKey,
			US_EAST_1_QSTASH_URL: us.queueUrl,
			US_EAST_1_QSTASH_TOKEN: us.token,
			US_EAST_1_QSTASH_NEXT_SIGNING_KEY: us.nextSigningKey,
		});

		await withEnv(vars, async () => {
			// The app's client in migration mode goes to its primary region; switched to the other
			// region (as after the migration), it goes there.
			await new Client().publishJSON({ url: `${destination.url}/from-eu`, body: { from: 'eu' } });
			process.env.QSTASH_REGION = 'US_EAST_1';
			await new Client().publishJSON({ url: `${destination.url}/from-us`, body: { from: 'us' } });
			process.env.QSTASH_REGION = 'EU_CENTRAL_1';

			const fromEu = await waitUntil(() => arrivals.find((a) => a.path === '/from-eu'), 20_000);
			const fromUs = await waitUntil(() => arrivals.find((a) => a.path === '/from-us'), 20_000);
			expect(fromEu.region).toBe('EU-CENTRAL-1');
			expect(fromUs.region).toBe('US-EAST-1');

			const receiver = new Receiver();
			for (const arrival of [fromEu, fromUs])
				await expect(
					receiver.verify({
						signature: arrival.signature,
						body: arrival.body,
						upstashRegion: arrival.region,
					}),
				).resolves.toBe(true);
			// Without the region the default region's keys are used: they did not sign the US delivery.
			// The SDK says so on the console, which is asserted here rather than printed in the run.
			const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
			try {
				await expect(receiver.verify({ signature: fromUs.signature, body: fromUs.body })).rejects.toThrow();
				expect(warn).toHaveBeenCalledWith(expect.stringContaining('Falling back to default signing keys'));
			} finally {
				warn.mockRestore();
			}
		});
	});
});
