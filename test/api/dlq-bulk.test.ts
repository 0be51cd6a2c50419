/**
 * The dead letter queue's bulk operations to their end, against the local service: counting
 * what a filter matches, and retrying or deleting everything it matches over more than one
 * page (the service answers a cursor after each hundred).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fixture, type Sink, startFixture, startSink } from '../local/helpers.js';
import { waitUntil } from '../support/wait.js';

let fx: Fixture;
/** Answers 500 until told to recover. */
let sink: Sink;
let recovered = false;

beforeAll(async () => {
	fx = await startFixture();
	sink = await startSink((_r, _i, res) => {
		res.statusCode = recovered ? 200 : 500;
		res.end(recovered ? 'ok' : 'down');
	});
});
afterAll(async () => {
	await fx.close();
	await sink.close();
});

const dlqSize = () => fx.service.context.dlq.size(Date.now());

/** `count` messages to `path` with no retries, each a dead letter once this resolves. */
async function deadLetters(path: string, count: number, label: string): Promise<void> {
	const before = dlqSize();
	const items = Array.from({ length: count }, (_, i) => ({
		destination: `${sink.url}${path}`,
		body: String(i),
		options: { retries: 0, labels: [label] },
	}));
	await fx.client.messages.batch(items);
	await waitUntil(() => (dlqSize() >= before + count ? true : undefined), 15_000);
}

describe('bulk dead letter operations', () => {
	it('counts, retries and deletes everything a filter matches, page by page', async () => {
		await deadLetters('/many', 130, 'many');
		await deadLetters('/few', 3, 'few');
		expect(await fx.client.dlq.count({ label: 'many' })).toEqual({ count: 130, complete: true });
		expect(await fx.client.dlq.count({ label: 'many' }, 100)).toEqual({ count: 100, complete: false });
		expect(await fx.client.dlq.count({ label: 'none' })).toEqual({ count: 0, complete: true });

		recovered = true;
		const delivered = sink.received.length;
		const { messageIds } = await fx.client.dlq.retryAll({ filter: { label: 'many' } });
		expect(messageIds).toHaveLength(130);
		expect(new Set(messageIds).size).toBe(130);
		await sink.waitFor(delivered + 130, 15_000);
		expect(await fx.client.dlq.count({ label: 'many' })).toEqual({ count: 0, complete: true });
		expect(dlqSize()).toBe(3);

		expect(await fx.client.dlq.deleteAll({ filter: { url: `${sink.url}/few` } })).toEqual({ deleted: 3 });
		expect(dlqSize()).toBe(0);
	});

	it('retries and deletes by ids in one request', async () => {
		recovered = false;
		await deadLetters('/ids', 3, 'ids');
		const ids = fx.service.context.dlq.snapshot().map((l) => l.dlqId);
		expect(await fx.client.dlq.deleteAll({ dlqIds: ids.slice(0, 2) })).toEqual({ deleted: 2 });
		const { messageIds } = await fx.client.dlq.retryAll({ dlqIds: ids.slice(2) });
		expect(messageIds).toHaveLength(1);
	});
});
