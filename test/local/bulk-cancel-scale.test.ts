/**
 * Bulk cancel and queue delete with tens of thousands of messages waiting, over real HTTP: in a
 * paused queue, behind a paused flow-control key, and for the slots of a destination that never
 * answers. Each answers the right count, requests sent meanwhile are answered, and the messages
 * left keep their order. (That the work grows linearly with the count is asserted in
 * withdraw-growth.test.ts, and timed by `npm run bench local`; nothing here is timed.)
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prefixed } from '../../source/api/dialect.js';
import { originParallelism } from '../../source/local/delivery/origin-slots.js';
import { waitUntil } from '../support/wait.js';
import { bearer, type Fixture, raw, type Sink, startFixture, startSink } from './helpers.js';

const count = 20_000;
/** Every `keepEvery`-th message is kept; the others are cancelled. */
const keepEvery = 250;
const perBatch = 1000;

let fx: Fixture;
let sink: Sink;

beforeAll(async () => {
	fx = await startFixture({
		limits: {
			max_requests_per_second: 1_000_000_000,
			max_requests_per_day: 1_000_000_000,
			max_requests_per_day_hard: 1_000_000_000,
		},
	});
	sink = await startSink();
});
afterAll(async () => {
	await fx.close();
	await sink.close();
});

function call(method: string, path: string, body?: unknown) {
	return raw(`${fx.service.queueUrl}${path}`, {
		method,
		headers: { ...bearer(fx.service), 'content-type': 'application/json' },
		...(body === undefined ? {} : { body: JSON.stringify(body) }),
	});
}

/** Publishes `count` messages through /v2/batch; `item(i)` gives each one's fields. */
async function fill(item: (i: number) => Record<string, unknown>): Promise<void> {
	for (let at = 0; at < count; at += perBatch) {
		const items = Array.from({ length: Math.min(perBatch, count - at) }, (_, k) => item(at + k));
		const answer = await call('POST', '/v2/batch', items);
		expect(answer.status, answer.text).toBe(200);
	}
}

const label = () => prefixed(fx.dialect, 'Label');
const labelled = (i: number) => ({ [label()]: i % keepEvery === 0 ? 'keep' : 'drop' });
const keptPaths = (prefix: string) =>
	Array.from({ length: count / keepEvery }, (_, k) => `${prefix}${k * keepEvery}`);

/** Cancels the messages labelled `drop` of `filter`, with other requests sent meanwhile; all are answered. */
async function cancelDropped(filter: string): Promise<number> {
	const [cancel, other, publish] = await Promise.all([
		call('DELETE', `/v2/messages?${filter}&label=drop`),
		call('GET', '/v2/queues'),
		raw(`${fx.service.queueUrl}/v2/publish/${sink.url}/meanwhile`, {
			method: 'POST',
			headers: bearer(fx.service),
			body: 'meanwhile',
		}),
	]);
	expect(other.status).toBe(200);
	expect(publish.status).toBe(200);
	expect(cancel.status, cancel.text).toBe(200);
	return (cancel.json() as { cancelled: number }).cancelled;
}

describe(`bulk cancel with ${count} messages waiting`, () => {
	it('cancels in a paused queue, keeps the order of those left, and deletes a full queue', async () => {
		expect((await call('POST', '/v2/queues', { queueName: 'q1', parallelism: 1, paused: true })).status).toBe(
			200,
		);
		await fill((i) => ({ destination: `${sink.url}/q/${i}`, queue: 'q1', headers: labelled(i) }));
		expect(await cancelDropped('queueName=q1')).toBe(count - count / keepEvery);
		expect((await call('GET', '/v2/queues/q1')).json()).toMatchObject({ lag: count / keepEvery });

		expect((await call('POST', '/v2/queues', { queueName: 'q2', parallelism: 1, paused: true })).status).toBe(
			200,
		);
		await fill((i) => ({ destination: `${sink.url}/gone/${i}`, queue: 'q2' }));
		const [deleted, meanwhile] = await Promise.all([
			call('DELETE', '/v2/queues/q2'),
			call('GET', '/v2/queues/q1'),
		]);
		expect(deleted.status, deleted.text).toBe(200);
		expect(meanwhile.status).toBe(200);
		expect((await call('GET', '/v2/queues/q2')).status).toBe(404);
		expect(fx.service.context.engine.messages.size).toBe(count / keepEvery);

		expect((await call('POST', '/v2/queues/q1/resume')).status).toBe(200);
		const arrived = await waitUntil(
			() => {
				const paths = sink.received.map((r) => r.url).filter((url) => url.startsWith('/q/'));
				return paths.length >= count / keepEvery ? paths : undefined;
			},
			60_000,
			() => 'the messages left in q1 were not all delivered',
		);
		expect(arrived).toEqual(keptPaths('/q/'));
		expect(sink.received.some((r) => r.url.startsWith('/gone/'))).toBe(false);
	});

	it('cancels behind a paused flow-control key, and the key delivers those left in order', async () => {
		expect((await call('POST', '/v2/flowControl/fk/pause')).status).toBe(200);
		const flowKey = prefixed(fx.dialect, 'Flow-Control-Key');
		const parallelism = prefixed(fx.dialect, 'Flow-Control-Value');
		await fill((i) => ({
			destination: `${sink.url}/f/${i}`,
			headers: { ...labelled(i), [flowKey]: 'fk', [parallelism]: 'parallelism=1' },
		}));
		expect(await cancelDropped('flowControlKey=fk')).toBe(count - count / keepEvery);
		expect((await call('GET', '/v2/flowControl/fk')).json()).toMatchObject({
			waitListSize: count / keepEvery,
		});
		expect((await call('POST', '/v2/flowControl/fk/resume')).status).toBe(200);
		const arrived = await waitUntil(
			() => {
				const paths = sink.received.map((r) => r.url).filter((url) => url.startsWith('/f/'));
				return paths.length >= count / keepEvery ? paths : undefined;
			},
			60_000,
			() => 'the messages left behind the key were not all delivered',
		);
		expect(arrived).toEqual(keptPaths('/f/'));
	});

	it('cancels the messages waiting for the slots of a destination that never answers', async () => {
		const held: ServerResponse[] = [];
		const silent = createServer((req, res) => {
			req.resume();
			held.push(res);
		});
		await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
		const silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
		try {
			await fill((i) => ({ destination: `${silentUrl}/s/${i}`, headers: { [label()]: 'drop' } }));
			const share = originParallelism(fx.service.context.limits);
			await waitUntil(() => (held.length >= share ? true : undefined), 30_000);
			expect(await cancelDropped(`host=${encodeURIComponent(new URL(silentUrl).host)}`)).toBe(count);
			// Those in flight are cancelled once their attempts end.
			const toSilent = () =>
				[...fx.service.context.engine.messages.values()].filter((m) => m.url.startsWith(silentUrl)).length;
			expect(toSilent()).toBe(share);
			for (const res of held) res.destroy();
			await waitUntil(() => (toSilent() === 0 ? true : undefined), 30_000);
			expect(held.length).toBe(share);
		} finally {
			for (const res of held) res.destroy();
			silent.closeAllConnections();
			silent.close();
		}
	});
});
