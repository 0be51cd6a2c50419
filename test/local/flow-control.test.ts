/**
 * The flow-control API through the official SDK (deployed dialect) and through our client,
 * observed at the destination: a paused key delivers nothing until resumed, a pinned
 * parallelism wins over what messages ask for, a reset rate lets the next message go at
 * once; keys show their wait list and counters, and the global parallelism its use.
 */
import type { Client } from '@upstash/qstash';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../source/api/errors.js';
import { complete } from '../support/reading.js';
import { waitUntil } from '../support/wait.js';
import { type Fixture, failure, quietly, type Sink, startSdkFixture, startSink } from './helpers.js';

let fx: Fixture;
let qstash: Client;
let sink: Sink;
let held = 0;
const most = new Map<string, number>();
const releases: (() => void)[] = [];
/** Paths under /hold/ are held until released; the most held at once is counted per key. */
const release = () => {
	for (const resolve of releases.splice(0)) resolve();
};

beforeAll(async () => {
	({ qstash, ...fx } = await startSdkFixture());
	sink = await startSink(async (r, _i, res) => {
		if (r.url.startsWith('/hold/')) {
			const key = r.url.split('/')[2]!;
			held++;
			most.set(key, Math.max(most.get(key) ?? 0, held));
			await new Promise<void>((resolve) => releases.push(resolve));
			held--;
		}
		res.end('ok');
	});
});
afterAll(async () => {
	release();
	await fx.close();
	await sink.close();
});

const arrived = (prefix: string) => sink.received.filter((r) => r.url.startsWith(prefix));

async function afterDelay(delayMs: number): Promise<void> {
	const before = arrived('/tick').length;
	await fx.client.publish({ destination: `${sink.url}/tick`, options: { delayMs } });
	await waitUntil(() => (arrived('/tick').length > before ? true : undefined));
}

describe('flow control through the official SDK', () => {
	it('delivers nothing for a paused key until it is resumed', async () => {
		await qstash.flowControl.pause('tenant-a');
		for (let i = 0; i < 3; i++)
			await qstash.publish({ url: `${sink.url}/a/${i}`, flowControl: { key: 'tenant-a', parallelism: 5 } });
		await qstash.publish({ url: `${sink.url}/b/0`, flowControl: { key: 'tenant-b', parallelism: 5 } });
		await waitUntil(() => (arrived('/b/').length === 1 ? true : undefined));
		await afterDelay(500);
		expect(arrived('/a/')).toHaveLength(0);
		expect(await qstash.flowControl.get('tenant-a')).toMatchObject({
			flowControlKey: 'tenant-a',
			waitListSize: 3,
			isPaused: true,
			parallelismMax: 5,
			parallelismCount: 0,
		});
		await qstash.flowControl.resume('tenant-a');
		await waitUntil(() => (arrived('/a/').length === 3 ? true : undefined));
		expect(arrived('/a/').map((r) => r.url)).toEqual(['/a/0', '/a/1', '/a/2']);
	});

	it('pins parallelism over what messages ask for, and unpins it', async () => {
		await qstash.flowControl.pin('pinned', { parallelism: 1 });
		for (let i = 0; i < 3; i++)
			await qstash.publish({
				url: `${sink.url}/hold/pinned/${i}`,
				flowControl: { key: 'pinned', parallelism: 10 },
			});
		await waitUntil(() => (arrived('/hold/pinned/').length === 1 ? true : undefined));
		const info = await qstash.flowControl.get('pinned');
		expect(info).toMatchObject({
			isPinnedParallelism: true,
			parallelismMax: 1,
			parallelismCount: 1,
			waitListSize: 2,
		});
		const global = await qstash.flowControl.getGlobalParallelism();
		expect(global.parallelismMax).toBe(1000);
		expect(global.parallelismCount).toBeGreaterThanOrEqual(1);
		for (let n = 2; n <= 3; n++) {
			release();
			await waitUntil(() => (arrived('/hold/pinned/').length === n ? true : undefined));
		}
		release();
		expect(most.get('pinned')).toBe(1);
		await qstash.flowControl.unpin('pinned', { parallelism: true });
		expect((await qstash.flowControl.get('pinned')).isPinnedParallelism).toBe(false);
	});

	it('lets the next message go at once after a rate reset', async () => {
		const flow = { key: 'slow', rate: 1, period: 3600 } as const;
		await qstash.publish({ url: `${sink.url}/slow/0`, flowControl: flow });
		await qstash.publish({ url: `${sink.url}/slow/1`, flowControl: flow });
		await waitUntil(() => (arrived('/slow/').length === 1 ? true : undefined));
		const info = await qstash.flowControl.get('slow');
		expect(info).toMatchObject({ rateMax: 1, rateCount: 1, ratePeriod: 3600, waitListSize: 1 });
		expect(info.ratePeriodStart).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
		await qstash.flowControl.resetRate('slow');
		await waitUntil(() => (arrived('/slow/').length === 2 ? true : undefined));
	});
});

describe('flow control through our client', () => {
	it('lists keys (with search), pins a rate and reads it back', async () => {
		const { flowControl } = fx.client;
		await flowControl.pause('search-me-1');
		await flowControl.pause('search-me-2');
		await flowControl.pin('other-key', { rate: 7, period: 60 });
		const found = await complete(flowControl.list('search-me'));
		expect(found.map((k) => k.flowControlKey)).toEqual(['search-me-1', 'search-me-2']);
		expect((await complete(flowControl.list())).map((k) => k.flowControlKey)).toContain('other-key');
		expect(await complete(flowControl.get('other-key'))).toMatchObject({
			isPinnedRate: true,
			rateMax: 7,
			ratePeriod: 60,
		});
		await flowControl.resetRate('other-key');
		expect((await complete(flowControl.get('other-key'))).rateCount).toBe(0);
		await flowControl.unpin('other-key', { rate: true });
		expect((await complete(flowControl.get('other-key'))).isPinnedRate).toBe(false);
		await flowControl.resume('search-me-1');
		await flowControl.resume('search-me-2');
		expect((await complete(flowControl.globalParallelism())).parallelismMax).toBe(1000);
	});

	it('pauses deliveries of a key until resumed', async () => {
		await fx.client.flowControl.pause('ours');
		await fx.client.publish({
			destination: `${sink.url}/ours/0`,
			options: { flowControl: { key: 'ours', rate: 10 } },
		});
		await afterDelay(300);
		expect(arrived('/ours/')).toHaveLength(0);
		await fx.client.flowControl.resume('ours');
		await waitUntil(() => (arrived('/ours/').length === 1 ? true : undefined));
	});

	it('refuses bad settings with the error body of docs/protocol/errors.md#error-body', async () => {
		const { flowControl } = fx.client;
		const status = async (work: Promise<unknown>) => ((await failure(work)) as ApiError).status;
		expect(await status(flowControl.pin('k', {}))).toBe(400);
		expect(await status(flowControl.pin('k', { parallelism: 0 }))).toBe(400);
		expect(await status(flowControl.pin('k', { parallelism: 1000 }))).toBe(400);
		expect(await status(flowControl.get('never-used'))).toBe(404);
		await quietly(async () => {
			expect(await failure(qstash.flowControl.get('never-used'))).toMatchObject({ status: 404 });
		});
		expect((await complete(flowControl.list())).map((k) => k.flowControlKey)).not.toContain('k');
	});
});
