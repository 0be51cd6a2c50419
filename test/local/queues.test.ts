/**
 * Queues through the official SDK (deployed dialect) and through our client: in order, at
 * most `parallelism` in progress (the next waits for the retries of the current one),
 * nothing while paused, and enqueue with every publish option.
 */
import type { Client } from '@upstash/qstash';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../source/api/errors.js';
import { complete } from '../support/reading.js';
import { waitUntil } from '../support/wait.js';
import { type Fixture, failure, quietly, type Sink, startSdkFixture, startSink } from './helpers.js';

let fx: Fixture;
let qstash: Client;

beforeAll(async () => {
	({ qstash, ...fx } = await startSdkFixture({ limits: { max_parallelism: 5, max_queues: 8 } }));
});
afterAll(() => fx.close());

/** A destination that holds each request until the test releases it, counting those held at once. */
async function heldSink(): Promise<Sink & { held: () => number; most: () => number; release(): void }> {
	let held = 0;
	let most = 0;
	let waiting: (() => void)[] = [];
	const sink = await startSink(async (_r, _i, res) => {
		held++;
		most = Math.max(most, held);
		await new Promise<void>((resolve) => waiting.push(resolve));
		held--;
		res.end('ok');
	});
	return {
		...sink,
		held: () => held,
		most: () => most,
		release() {
			for (const resolve of waiting) resolve();
			waiting = [];
		},
	};
}

/** Waits for a plain message published with `delayMs` to arrive: time enough for anything due to show. */
async function afterDelay(sink: Sink, delayMs: number): Promise<void> {
	const before = sink.received.filter((r) => r.url === '/tick').length;
	await fx.client.publish({ destination: `${sink.url}/tick`, options: { delayMs } });
	await waitUntil(() => (sink.received.filter((r) => r.url === '/tick').length > before ? true : undefined));
}

describe('queues through the official SDK', () => {
	it('delivers in order, one at a time by default', async () => {
		const sink = await heldSink();
		try {
			const queue = qstash.queue({ queueName: 'orders' });
			await queue.upsert({ parallelism: 1 });
			expect(await queue.get()).toMatchObject({ name: 'orders', parallelism: 1, paused: false, lag: 0 });
			for (let i = 0; i < 4; i++) await queue.enqueue({ url: `${sink.url}/o${i}`, body: `order ${i}` });
			for (let n = 1; n <= 4; n++) {
				await sink.waitFor(n);
				expect((await queue.get()).lag).toBe(5 - n);
				sink.release();
			}
			await waitUntil(async () => ((await queue.get()).lag === 0 ? true : undefined));
			expect(sink.received.map((r) => r.url)).toEqual(['/o0', '/o1', '/o2', '/o3']);
			expect(sink.most()).toBe(1);
		} finally {
			sink.release();
			await sink.close();
		}
	});

	it('keeps at most `parallelism` messages of a queue in progress', async () => {
		const sink = await heldSink();
		try {
			const queue = qstash.queue({ queueName: 'wide' });
			await queue.upsert({ parallelism: 2 });
			for (let i = 0; i < 6; i++) await queue.enqueueJSON({ url: `${sink.url}/w${i}`, body: { i } });
			for (let n = 2; n <= 6; n += 2) {
				await sink.waitFor(n);
				expect(sink.held()).toBe(2);
				sink.release();
			}
			expect(sink.most()).toBe(2);
			expect(sink.received.map((r) => JSON.parse(r.body.toString()).i)).toEqual([0, 1, 2, 3, 4, 5]);
		} finally {
			sink.release();
			await sink.close();
		}
	});

	it('delivers nothing while paused, and everything in order once resumed', async () => {
		const sink = await startSink();
		try {
			const queue = qstash.queue({ queueName: 'paused' });
			await queue.upsert({ parallelism: 3 });
			await queue.pause();
			for (let i = 0; i < 3; i++) await queue.enqueue({ url: `${sink.url}/p${i}`, body: String(i) });
			expect(await queue.get()).toMatchObject({ paused: true, lag: 3 });
			await afterDelay(sink, 1000);
			expect(sink.received.filter((r) => r.url.startsWith('/p'))).toHaveLength(0);
			await queue.resume();
			const got = await waitUntil(() => {
				const arrived = sink.received.filter((r) => r.url.startsWith('/p'));
				return arrived.length === 3 ? arrived : undefined;
			});
			expect(got.map((r) => r.body.toString()).sort()).toEqual(['0', '1', '2']);
			expect((await queue.list()).map((q) => q.name)).toContain('paused');
		} finally {
			await sink.close();
		}
	});

	it('enqueues with every publish option, and deleting the queue cancels what waits in it', async () => {
		const queue = qstash.queue({ queueName: 'later' });
		const { messageId } = await queue.enqueue({
			url: 'http://127.0.0.1:9/never',
			body: 'waits',
			delay: 3600,
			retries: 2,
			retryDelay: '1000 * (1 + retried)',
			callback: 'http://127.0.0.1:9/cb',
			failureCallback: 'http://127.0.0.1:9/fail',
			headers: { 'X-Tenant': 't1' },
			flowControl: { key: 'tenant-1', parallelism: 2 },
			label: ['billing', 'eu'],
		});
		const message = await qstash.messages.get(messageId);
		expect(message).toMatchObject({
			queueName: 'later',
			maxRetries: 2,
			retryDelayExpression: '1000 * (1 + retried)',
			callback: 'http://127.0.0.1:9/cb',
			failureCallback: 'http://127.0.0.1:9/fail',
			flowControlKey: 'tenant-1',
			parallelism: 2,
			label: 'billing',
			labels: ['billing', 'eu'],
		});
		expect(message.header).toMatchObject({ 'X-Tenant': ['t1'] });
		expect(await queue.get()).toMatchObject({ name: 'later', parallelism: 1, lag: 1 });
		await queue.delete();
		await quietly(async () => {
			expect(await failure(qstash.messages.get(messageId))).toMatchObject({ status: 404 });
			expect(await failure(queue.get())).toMatchObject({ status: 404 });
		});
	});
});

describe('queues through our client', () => {
	it('holds the next message until the current one is delivered after its retries', async () => {
		const sink = await startSink((r, _i, res) => {
			const firstTry = r.headers['upstash-retried'] === '0';
			res.statusCode = r.url === '/a' && firstTry ? 500 : 200;
			res.end();
		});
		try {
			await fx.client.queues.upsert('strict', { parallelism: 1 });
			for (const path of ['/a', '/b'])
				await fx.client.queues.enqueue('strict', {
					destination: `${sink.url}${path}`,
					options: { retries: 1, retryDelay: '50' },
				});
			const got = await sink.waitFor(3);
			expect(got.map((r) => `${r.url}#${r.headers['upstash-retried']}`)).toEqual(['/a#0', '/a#1', '/b#0']);
		} finally {
			await sink.close();
		}
	});

	it('lists, reads, pauses, resumes and deletes queues, and enqueues to a URL Group', async () => {
		const sink = await startSink();
		try {
			const { queues } = fx.client;
			await queues.upsert('ops', { parallelism: 4, paused: true });
			expect(await complete(queues.get('ops'))).toMatchObject({ name: 'ops', parallelism: 4, paused: true });
			await fx.client.groups.addEndpoints('fan', [{ url: `${sink.url}/f1` }, { url: `${sink.url}/f2` }]);
			const answer = await queues.enqueue('ops', { destination: 'fan', body: 'both' });
			expect(answer.kind === 'group' && answer.results).toHaveLength(2);
			expect((await complete(queues.get('ops'))).lag).toBe(2);
			await queues.resume('ops');
			await waitUntil(() =>
				sink.received.filter((r) => r.url.startsWith('/f')).length === 2 ? true : undefined,
			);
			await queues.pause('ops');
			expect((await complete(queues.get('ops'))).paused).toBe(true);
			await queues.delete('ops');
			expect((await complete(queues.list())).map((q) => q.name)).not.toContain('ops');
		} finally {
			await sink.close();
		}
	});

	it('refuses bad settings with the error body of docs/protocol/errors.md#error-body, and changes nothing', async () => {
		const { queues } = fx.client;
		const status = async (work: Promise<unknown>) => ((await failure(work)) as ApiError).status;
		expect(await status(queues.upsert('bad name!', {}))).toBe(400);
		expect(await status(queues.upsert('zero', { parallelism: 0 }))).toBe(400);
		expect(await status(queues.upsert('wide-open', { parallelism: 6 }))).toBe(412);
		expect(await status(queues.get('nowhere'))).toBe(404);
		expect(await status(queues.pause('nowhere'))).toBe(404);
		const names = (await complete(queues.list())).map((q) => q.name);
		expect(names).not.toContain('zero');
		expect(names).not.toContain('wide-open');
		for (let i = names.length; i < 8; i++) await queues.upsert(`fill-${i}`);
		expect(await status(queues.upsert('one-too-many'))).toBe(412);
		expect(await status(queues.enqueue('one-more', { destination: 'http://127.0.0.1:9/x', body: 'x' }))).toBe(
			412,
		);
		expect((await complete(queues.list())).map((q) => q.name)).not.toContain('one-more');
	});
});
