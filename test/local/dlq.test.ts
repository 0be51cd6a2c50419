/**
 * The dead letter queue through the official SDK (deployed dialect) and through our client:
 * filters return exactly the matching records, retry re-delivers to the destination (and
 * answers the new message ids), bulk delete empties exactly what it names, and the records
 * carry the last response.
 */
import type { Client } from '@upstash/qstash';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../source/api/errors.js';
import { complete } from '../support/reading.js';
import { waitUntil } from '../support/wait.js';
import { type Fixture, failure, quietly, type Sink, startSdkFixture, startSink } from './helpers.js';

let fx: Fixture;
let qstash: Client;
/** Answers 500 with a body, until told to recover. */
let flaky: Sink;
let recovered = false;

beforeAll(async () => {
	({ qstash, ...fx } = await startSdkFixture());
	flaky = await startSink((r, _i, res) => {
		if (recovered) {
			res.end('fine now');
			return;
		}
		res.statusCode = r.url.startsWith('/teapot') ? 418 : 500;
		res.setHeader('x-reason', 'down');
		res.end(`cannot take ${r.url}`);
	});
});
afterAll(async () => {
	await fx.close();
	await flaky.close();
});

const dlqSize = () => fx.service.context.dlq.size(Date.now());

/** Publishes with no retries and waits until the message is a dead letter; answers its id. */
async function deadLetter(path: string, extra: { label?: string | string[] } = {}): Promise<string> {
	const { messageId } = await qstash.publish({
		url: `${flaky.url}${path}`,
		retries: 0,
		body: path,
		...extra,
	});
	await waitUntil(() =>
		fx.service.context.dlq.snapshot().some((l) => l.message.id === messageId) ? true : undefined,
	);
	return messageId;
}

describe('the dead letter queue', () => {
	it('filters through the official SDK, retries one to the destination, and deletes by ids', async () => {
		const a = await deadLetter('/orders/1', { label: 'orders' });
		const b = await deadLetter('/orders/2', { label: ['orders', 'eu'] });
		const c = await deadLetter('/teapot', { label: 'tea' });
		const listed = await qstash.dlq.listMessages();
		expect(listed.messages.map((m) => m.messageId)).toEqual([a, b, c]);
		const record = listed.messages[0]!;
		expect(record).toMatchObject({
			responseStatus: 500,
			responseBody: 'cannot take /orders/1',
			label: 'orders',
			url: `${flaky.url}/orders/1`,
		});
		expect(record.responseHeader?.['x-reason']).toEqual(['down']);

		const byLabel = await qstash.dlq.listMessages({ filter: { label: 'orders' } });
		expect(byLabel.messages.map((m) => m.messageId)).toEqual([a, b]);
		const byStatus = await qstash.dlq.listMessages({ filter: { responseStatus: 418 } });
		expect(byStatus.messages.map((m) => m.messageId)).toEqual([c]);
		const byUrl = await qstash.dlq.listMessages({ filter: { url: `${flaky.url}/orders/2` } });
		expect(byUrl.messages.map((m) => m.messageId)).toEqual([b]);
		const both = await qstash.dlq.listMessages({ filter: { label: ['eu', 'tea'] } });
		expect(both.messages.map((m) => m.messageId)).toEqual([b, c]);
		const paged = await qstash.dlq.listMessages({ count: 2 });
		expect(paged.messages).toHaveLength(2);
		const rest = await qstash.dlq.listMessages({ cursor: paged.cursor });
		expect(rest.messages.map((m) => m.messageId)).toEqual([c]);

		recovered = true;
		const before = flaky.received.length;
		const retried = await qstash.dlq.retry(record.dlqId);
		expect(retried.responses).toHaveLength(1);
		const newId = retried.responses[0]!.messageId;
		expect(newId).not.toBe(a);
		const [again] = (await flaky.waitFor(before + 1)).slice(before);
		expect(again!.url).toBe('/orders/1');
		expect(again!.body.toString()).toBe('/orders/1');
		expect(again!.headers['upstash-message-id']).toBe(newId);
		expect((await qstash.dlq.listMessages()).messages.map((m) => m.messageId)).toEqual([b, c]);

		const ids = (await qstash.dlq.listMessages()).messages.map((m) => m.dlqId);
		expect(await qstash.dlq.delete([ids[1]!])).toMatchObject({ deleted: 1 });
		expect((await qstash.dlq.listMessages()).messages.map((m) => m.messageId)).toEqual([b]);
		expect(await qstash.dlq.delete({ all: true })).toMatchObject({ deleted: 1 });
		expect(dlqSize()).toBe(0);
		recovered = false;
	});

	it('retries and deletes many by filter, exactly the matching ones, through both clients', async () => {
		const q1 = await deadLetter('/q/1', { label: 'retry-me' });
		const q2 = await deadLetter('/q/2', { label: 'retry-me' });
		const other = await deadLetter('/other', { label: 'leave-me' });
		const gone = await deadLetter('/gone', { label: 'drop-me' });

		const deleted = await complete(fx.client.dlq.deleteMany({ filter: { label: 'drop-me' } }));
		expect(deleted.deleted).toBe(1);
		const left = await complete(fx.client.dlq.list());
		expect(left.messages.map((m) => m.messageId)).toEqual([q1, q2, other]);

		recovered = true;
		const before = flaky.received.length;
		const retried = await complete(
			fx.client.dlq.retryMany({ filter: { label: 'retry-me' } }, { retries: 2 }),
		);
		expect(retried.responses).toHaveLength(2);
		const got = (await flaky.waitFor(before + 2)).slice(before);
		expect(got.map((r) => r.url).sort()).toEqual(['/q/1', '/q/2']);
		const remaining = await complete(fx.client.dlq.list());
		expect(remaining.messages.map((m) => m.messageId)).toEqual([other]);
		expect(remaining.messages.map((m) => m.messageId)).not.toContain(gone);
		const newId = retried.responses[0]!.messageId;
		const logs = await complete(fx.client.logs.list({ filter: { messageIds: [newId], state: 'DELIVERED' } }));
		expect(logs.logs).toHaveLength(1);

		const one = await fx.client.dlq.retry(remaining.messages[0]!.dlqId!);
		expect(one).toMatch(/^msg_/);
		await waitUntil(() =>
			flaky.received.some((r) => r.headers['upstash-message-id'] === one) ? true : undefined,
		);
		expect(dlqSize()).toBe(0);
		recovered = false;
	});

	it('retries just-listed dead letters by id, and a delete of those ids afterwards finds none left', async () => {
		const ids: string[] = [];
		for (const path of ['/r/1', '/r/2', '/r/3']) {
			const messageId = await deadLetter(path);
			const listed = await qstash.dlq.listMessages({ filter: { messageId } });
			ids.push(listed.messages.find((m) => m.messageId === messageId)!.dlqId);
		}
		recovered = true;
		const retried = await qstash.dlq.retry({ dlqIds: ids });
		expect(retried.responses).toHaveLength(3);
		expect(retried.responses.every((r) => r.messageId.startsWith('msg_'))).toBe(true);
		// The SDK's own suite cleans up so: the retry took them out of the queue, so nothing is deleted.
		expect(await qstash.dlq.deleteMany({ dlqIds: ids })).toMatchObject({ deleted: 0 });
		await quietly(async () => {
			// One by id still says that it is gone.
			expect(await failure(qstash.dlq.delete(ids[0]!))).toMatchObject({ status: 404 });
		});
		await waitUntil(() => (fx.service.context.engine.messages.size === 0 ? true : undefined));
		expect(dlqSize()).toBe(0);
		recovered = false;
	});

	it('refuses bad selections with the error body of docs/protocol/errors.md#error-body and changes nothing; a delete by ids takes what is there', async () => {
		const kept = await deadLetter('/kept');
		const [letter] = (await complete(fx.client.dlq.list())).messages;
		const status = async (work: Promise<unknown>) => ((await failure(work)) as ApiError).status;
		expect(await status(fx.client.dlq.retry('1-1'))).toBe(404);
		expect(await status(fx.client.dlq.retryMany({ dlqIds: [letter!.dlqId!, '1-1'] }))).toBe(404);
		expect(await status(fx.client.dlq.retry(letter!.dlqId!, { retries: 99 }))).toBe(400);
		expect(await status(fx.client.dlq.list({ filter: { fromDate: -1 } }))).toBe(400);
		await quietly(async () => {
			expect(await failure(qstash.dlq.listMessages({ count: 5000 }))).toMatchObject({ status: 400 });
		});
		expect((await complete(fx.client.dlq.list())).messages.map((m) => m.messageId)).toEqual([kept]);
		const now = Date.now();
		expect((await complete(fx.client.dlq.list({ filter: { fromDate: now + 60_000 } }))).messages).toEqual([]);
		expect((await complete(fx.client.dlq.list({ filter: { toDate: now } }))).messages).toHaveLength(1);
		// A delete by ids takes what is there: a record already gone is no error (and not counted).
		expect(await complete(fx.client.dlq.deleteMany({ dlqIds: [letter!.dlqId!, '1-1'] }))).toMatchObject({
			deleted: 1,
		});
		expect(dlqSize()).toBe(0);
	});
});
