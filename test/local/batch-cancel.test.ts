/**
 * Batch publish and bulk cancel through the official SDK (deployed dialect) and through our
 * client: a batch fans out (one answer per item, an array for a URL Group item), each item
 * keeps its own headers, a bad item refuses the whole batch; bulk cancel by filter cancels
 * exactly the matching messages.
 */
import type { Client } from '@upstash/qstash';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../source/api/errors.js';
import { complete } from '../support/reading.js';
import { bearer, type Fixture, failure, raw, type Sink, startSdkFixture, startSink } from './helpers.js';

let fx: Fixture;
let qstash: Client;
let sink: Sink;

beforeAll(async () => {
	({ qstash, ...fx } = await startSdkFixture());
	sink = await startSink();
});
afterAll(async () => {
	await fx.close();
	await sink.close();
});

const waiting = () => [...fx.service.context.engine.messages.values()];

describe('batch publish', () => {
	it('fans out through the official SDK, each item with its own headers', async () => {
		await qstash.urlGroups.addEndpoints({
			name: 'batch-fan',
			endpoints: [{ url: `${sink.url}/g1`, name: 'one' }, { url: `${sink.url}/g2` }],
		});
		const answers = await qstash.batch([
			{ url: `${sink.url}/a`, body: 'first', headers: { 'X-Item': 'a' }, retries: 1 },
			{ urlGroup: 'batch-fan', body: 'fan', headers: { 'X-Item': 'group' } },
			{ url: `${sink.url}/q`, body: 'queued', queueName: 'batch-queue', method: 'PUT' },
		]);
		expect(answers).toHaveLength(3);
		expect(answers[0]).toMatchObject({ url: `${sink.url}/a` });
		expect(answers[1]).toHaveLength(2);
		const got = await sink.waitFor(4);
		const byUrl = new Map(got.map((r) => [r.url, r]));
		expect(byUrl.get('/a')!.headers['x-item']).toBe('a');
		expect(byUrl.get('/a')!.body.toString()).toBe('first');
		expect(byUrl.get('/g1')!.headers['x-item']).toBe('group');
		expect(byUrl.get('/g1')!.headers['upstash-endpoint-name']).toBe('one');
		expect(byUrl.get('/q')!.method).toBe('PUT');
		expect(byUrl.get('/q')!.headers['x-item']).toBeUndefined();
		expect((await qstash.queue({ queueName: 'batch-queue' }).get()).name).toBe('batch-queue');
	});

	it('fans out through our client, deduplicating within the batch', async () => {
		const answers = await complete(
			fx.client.messages.batch([
				{ destination: `${sink.url}/d`, body: 'x', options: { deduplicationId: 'same', delayMs: 3_600_000 } },
				{ destination: `${sink.url}/d`, body: 'x', options: { deduplicationId: 'same', delayMs: 3_600_000 } },
				{ destination: 'batch-fan', options: { delayMs: 3_600_000, labels: ['batched'] } },
			]),
		);
		const [first, second, group] = [answers[0]!.result!, answers[1]!.result!, answers[2]!.results!];
		expect(second).toMatchObject({ messageId: first.messageId, deduplicated: true });
		expect(group).toHaveLength(2);
		expect(await fx.client.messages.cancel({ filter: { label: 'batched' } })).toBe(2);
		await fx.client.messages.cancelOne(first.messageId);
	});

	it('refuses the whole batch when one item is bad, naming it', async () => {
		const before = waiting().length;
		const tries = [
			[{ destination: `${sink.url}/ok` }, { destination: 'not a destination' }],
			[{ destination: `${sink.url}/ok` }, { destination: 'no-such-group' }],
			[
				{ destination: `${sink.url}/ok` },
				{ destination: `${sink.url}/x`, headers: { 'Upstash-Retries': 'many' } },
			],
			[{ destination: `${sink.url}/ok` }, { destination: `${sink.url}/x`, queue: 'bad queue!' }],
		];
		for (const items of tries) {
			const answer = await raw(`${fx.service.queueUrl}/v2/batch`, {
				method: 'POST',
				headers: { ...bearer(fx.service), 'content-type': 'application/json' },
				body: JSON.stringify(items),
			});
			expect([400, 404]).toContain(answer.status);
			expect((answer.json() as { error: string }).error).toMatch(/^items\[1\]: /);
		}
		const notJson = await raw(`${fx.service.queueUrl}/v2/batch`, {
			method: 'POST',
			headers: bearer(fx.service),
			body: '{"destination":',
		});
		expect(notJson.status).toBe(400);
		expect(waiting().length).toBe(before);
		expect(sink.received.filter((r) => r.url === '/ok')).toHaveLength(0);
	});
});

describe('bulk cancel', () => {
	const later = { delay: 3600 } as const;

	it('cancels exactly the messages matching a filter, through the official SDK', async () => {
		const keep = await qstash.publish({ url: `${sink.url}/keep`, label: 'keep', ...later });
		const drop = await Promise.all(
			[1, 2].map((n) => qstash.publish({ url: `${sink.url}/drop${n}`, label: ['drop', 'x'], ...later })),
		);
		const queued = await qstash.queue({ queueName: 'cancel-q' }).enqueue({ url: `${sink.url}/q`, ...later });
		const other = await qstash.publish({
			url: `${sink.url}/other`,
			flowControl: { key: 'fc', parallelism: 1 },
			...later,
		});

		expect(await qstash.messages.cancel({ filter: { label: 'drop' } })).toEqual({ cancelled: 2 });
		expect(await qstash.messages.cancel({ filter: { queueName: 'cancel-q' } })).toEqual({ cancelled: 1 });
		expect(
			await qstash.messages.cancel({ filter: { flowControlKey: 'fc', url: `${sink.url}/other` } }),
		).toEqual({
			cancelled: 1,
		});
		const left = waiting().map((m) => m.id);
		expect(left).toContain(keep.messageId);
		for (const gone of [...drop, queued, other]) expect(left).not.toContain(gone.messageId);
		const logs = await qstash.logs({ filter: { state: 'CANCELED', label: 'drop' } });
		expect(new Set(logs.logs.map((l) => l.messageId))).toEqual(new Set(drop.map((d) => d.messageId)));
		expect(await qstash.messages.cancel({ all: true })).toEqual({ cancelled: left.length });
		expect(waiting()).toHaveLength(0);
	});

	it('cancels at most `count` messages, oldest first, with a filter or all', async () => {
		const published: { messageId: string }[] = [];
		for (const n of [1, 2, 3])
			published.push(await qstash.publish({ url: `${sink.url}/c${n}`, label: 'counted', ...later }));
		const other = await qstash.publish({ url: `${sink.url}/other`, ...later });
		expect(await qstash.messages.cancel({ filter: { label: 'counted' }, count: 1 })).toEqual({
			cancelled: 1,
		});
		expect(waiting().map((m) => m.id)).toEqual([
			published[1]!.messageId,
			published[2]!.messageId,
			other.messageId,
		]);
		expect(await qstash.messages.cancel({ all: true, count: 2 })).toEqual({ cancelled: 2 });
		expect(waiting().map((m) => m.id)).toEqual([other.messageId]);
		for (const count of ['0', '501', 'many']) {
			const answer = await raw(`${fx.service.queueUrl}/v2/messages?count=${count}`, {
				method: 'DELETE',
				headers: bearer(fx.service),
			});
			expect(answer.status, count).toBe(400);
		}
		expect(waiting()).toHaveLength(1);
		expect(await qstash.messages.cancel({ all: true })).toEqual({ cancelled: 1 });
	});

	it('cancels by host and path and by ids through our client, and refuses an unknown filter', async () => {
		const ids: string[] = [];
		for (const path of ['/h/1', '/h/2', '/elsewhere']) {
			const answer = await fx.client.publish({
				destination: `${sink.url}${path}`,
				options: { delayMs: 3_600_000 },
			});
			if (answer.kind === 'url') ids.push(answer.result.messageId);
		}
		const error = (await failure(
			raw(`${fx.service.queueUrl}/v2/messages?lable=typo`, {
				method: 'DELETE',
				headers: bearer(fx.service),
			}).then((r) => {
				if (r.status !== 200) throw Object.assign(new Error(r.text), { status: r.status });
			}),
		)) as ApiError;
		expect(error.status).toBe(400);
		expect(waiting()).toHaveLength(3);
		const host = new URL(sink.url).host;
		expect(await fx.client.messages.cancel({ filter: { host, path: '/h/2' } })).toBe(1);
		expect(await fx.client.messages.cancel({ messageIds: [ids[0]!, 'msg_unknown'] })).toBe(1);
		expect(waiting().map((m) => m.id)).toEqual([ids[2]]);
		expect(await fx.client.messages.cancel({ all: true })).toBe(1);
	});
});
