/**
 * The delivery state table (docs/protocol/delivery.md#lifecycle) over real HTTP: delivered,
 * retried, failed into the dead letter queue, callbacks per attempt, failure callbacks with dlqId,
 * and the delivery headers (docs/protocol/delivery.md#headers-added).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiError } from '../../source/api/errors.js';
import { CallbackBody, FailureCallbackBody } from '../../source/api/schemas.js';
import { verifySignature } from '../../source/signing/jwt.js';
import { conformant } from '../support/conformance.js';
import { waitUntil } from '../support/wait.js';
import { type Fixture, type Received, type Sink, startFixture, startSink } from './helpers.js';

let fx: Fixture;
let sink: Sink;
let callbacks: Sink;

beforeEach(async () => {
	fx = await startFixture();
	sink = await startSink();
	callbacks = await startSink();
});

afterEach(async () => {
	await fx.close();
	await sink.close();
	await callbacks.close();
});

function verify(got: Received, url: string) {
	return verifySignature({
		token: got.headers['svc-signature'] as string,
		body: got.body,
		currentKey: fx.service.currentSigningKey,
		nextKey: fx.service.nextSigningKey,
		issuer: 'Svc',
		url,
	});
}

async function publishUrl(
	destination: string,
	request: Parameters<Fixture['client']['publish']>[0] = { destination },
) {
	const answer = await fx.client.publish({ ...request, destination });
	if (answer.kind !== 'url') throw new Error('expected a URL publish answer');
	return answer.result.messageId;
}

async function expectGone(messageId: string) {
	await waitUntil(async () => {
		try {
			await conformant(fx.client).getMessage(messageId);
			return undefined;
		} catch (error) {
			return (error as ApiError).status === 404 ? true : undefined;
		}
	});
}

describe('a successful delivery', () => {
	it('carries the body, the forwarded headers and the delivery headers, signed for its URL', async () => {
		const destination = `${sink.url}/hook?a=1&b=two`;
		const messageId = await publishUrl(destination, {
			destination,
			body: 'hello',
			options: { contentType: 'text/plain', forwardHeaders: { 'X-Custom': 'yes' } },
		});
		const [got] = await sink.waitFor(1);
		expect(got!.method).toBe('POST');
		expect(got!.url).toBe('/hook?a=1&b=two');
		expect(got!.body.toString()).toBe('hello');
		expect(got!.headers['content-type']).toBe('text/plain');
		expect(got!.headers['x-custom']).toBe('yes');
		expect(got!.headers['svc-forward-x-custom']).toBeUndefined();
		expect(got!.headers['svc-message-id']).toBe(messageId);
		expect(got!.headers['svc-retried']).toBe('0');
		expect(got!.headers['svc-caller-ip']).toBe('127.0.0.1');
		expect(got!.headers['svc-topic-name']).toBeUndefined();
		// A service of one region names none (docs/protocol/regions.md).
		expect(got!.headers['svc-region']).toBeUndefined();
		expect(got!.headers['user-agent']).toBeTruthy();
		expect(verify(got!, destination)).toMatchObject({ ok: true, key: 'current' });
	});

	it('removes the message once delivered, and logs CREATED, ACTIVE, DELIVERED', async () => {
		const messageId = await publishUrl(`${sink.url}/x`);
		await sink.waitFor(1);
		await expectGone(messageId);
		const page = await waitUntil(async () => {
			const p = await conformant(fx.client).listEvents({ messageId });
			return p.events.length >= 3 ? p : undefined;
		});
		expect(page.events.map((e) => e.state)).toEqual(['DELIVERED', 'ACTIVE', 'CREATED']);
		expect(page.events[0]).toMatchObject({ responseStatus: 200, url: `${sink.url}/x` });
	});

	it('sends a callback with the destination response, as a new signed message', async () => {
		await sink.close();
		sink = await startSink((_r, _i, res) => {
			res.setHeader('x-answer', '42');
			res.end('the response');
		});
		const destination = `${sink.url}/ok`;
		const callbackUrl = `${callbacks.url}/cb`;
		const messageId = await publishUrl(destination, {
			destination,
			body: 'payload',
			options: {
				callback: callbackUrl,
				callbackForwardHeaders: { 'X-Cb': 'forwarded' },
				forwardHeaders: { 'X-Src': 'source' },
			},
		});
		const [cb] = await callbacks.waitFor(1);
		expect(verify(cb!, callbackUrl)).toMatchObject({ ok: true });
		expect(cb!.headers['x-cb']).toBe('forwarded');
		expect(cb!.headers['content-type']).toBe('application/json');
		expect(cb!.headers['svc-message-id']).not.toBe(messageId);
		const body = CallbackBody.parse(JSON.parse(cb!.body.toString()));
		expect(body).toMatchObject({
			status: 200,
			retried: 0,
			maxRetries: 3,
			sourceMessageId: messageId,
			url: destination,
			method: 'POST',
			callerIP: '127.0.0.1',
		});
		expect(Buffer.from(body.body, 'base64').toString()).toBe('the response');
		expect(Buffer.from(body.sourceBody!, 'base64').toString()).toBe('payload');
		// Every header the destination answered with, named as the deployed service names them.
		expect(body.header).toMatchObject({ 'X-Answer': ['42'], 'Content-Length': ['12'] });
		expect(body.sourceHeader).toMatchObject({ 'X-Src': 'source' });
		expect(typeof body.notBefore).toBe('string');
		expect(Number(body.createdAt)).toBeGreaterThan(0);
	});

	it('sends callbacks with their own method, retries and timeout', async () => {
		await callbacks.close();
		callbacks = await startSink((_r, i, res) => {
			res.statusCode = i === 0 ? 500 : 200;
			res.end();
		});
		const messageId = await publishUrl(`${sink.url}/cb-options`, {
			destination: '',
			options: {
				callback: `${callbacks.url}/cb`,
				callbackOptions: { method: 'PUT', retries: 1, timeoutMs: 2000 },
				retryDelay: '10',
			},
		});
		const [first, second] = await callbacks.waitFor(2);
		expect([first!.method, second!.method]).toEqual(['PUT', 'PUT']);
		expect([first!.headers['svc-retried'], second!.headers['svc-retried']]).toEqual(['0', '1']);
		expect(first!.headers['svc-message-id']).toBe(second!.headers['svc-message-id']);
		const body = CallbackBody.parse(JSON.parse(second!.body.toString()));
		expect(body.sourceMessageId).toBe(messageId);
		const callbackId = first!.headers['svc-message-id'] as string;
		const events = await conformant(fx.client).listEvents({ messageId: callbackId, state: 'DELIVERED' });
		expect(events.events[0]!.url).toBe(`${callbacks.url}/cb`);
	});

	it('sends nothing but the URL query of the destination: configuration and token parameters are removed', async () => {
		const url = fx.client.webhookUrl(`${sink.url}/wh?keep=1&also=2`, { retries: 1, forwardHeaders: {} });
		expect(url).toContain('svc-retries=1');
		expect(url).toContain('mq_token=');
		const response = await fetch(url, { method: 'POST', body: 'from a webhook sender' });
		expect(response.status).toBe(200);
		const [got] = await sink.waitFor(1);
		expect(got!.url).toBe('/wh?keep=1&also=2');
		expect(got!.body.toString()).toBe('from a webhook sender');
	});
});

describe('retries', () => {
	it('retries a failing destination, calls back on every attempt, then delivers', async () => {
		await sink.close();
		sink = await startSink((_r, i, res) => {
			res.statusCode = i < 2 ? 500 : 200;
			res.end(i < 2 ? 'not yet' : 'done');
		});
		const messageId = await publishUrl(`${sink.url}/flaky`, {
			destination: '',
			options: { retries: 3, retryDelay: '10', callback: `${callbacks.url}/cb` },
		});
		const attempts = await sink.waitFor(3);
		expect(attempts.map((a) => a.headers['svc-retried'])).toEqual(['0', '1', '2']);
		const sent = await callbacks.waitFor(3);
		const bodies = sent.map((c) => CallbackBody.parse(JSON.parse(c.body.toString())));
		bodies.sort((a, b) => a.retried - b.retried);
		expect(bodies.map((b) => [b.status, b.retried])).toEqual([
			[500, 0],
			[500, 1],
			[200, 2],
		]);
		await expectGone(messageId);
	});

	it('keeps the message retrievable while it waits for a retry', async () => {
		await sink.close();
		sink = await startSink((_r, _i, res) => {
			res.statusCode = 503;
			res.end();
		});
		const messageId = await publishUrl(`${sink.url}/down`, {
			destination: '',
			options: { retries: 2, retryDelay: '60000' },
		});
		await sink.waitFor(1);
		const message = await waitUntil(async () => {
			const m = await conformant(fx.client).getMessage(messageId);
			return m.retried === 1 ? m : undefined;
		});
		expect(message).toMatchObject({ messageId, maxRetries: 2, url: `${sink.url}/down` });
		const retry = await conformant(fx.client).listEvents({ messageId, state: 'RETRY' });
		expect(retry.events[0]!.nextDeliveryTime).toBeGreaterThan(Date.now() + 50_000);
	});

	it('fails into the dead letter queue after the last retry, and calls the failure callback with the dlqId', async () => {
		await sink.close();
		sink = await startSink((_r, _i, res) => {
			res.statusCode = 502;
			res.setHeader('x-why', 'broken');
			res.end('bad gateway');
		});
		const destination = `${sink.url}/broken`;
		const messageId = await publishUrl(destination, {
			destination,
			body: 'lost',
			options: {
				retries: 2,
				retryDelay: '10',
				callback: `${callbacks.url}/each`,
				failureCallback: `${callbacks.url}/failed`,
				failureCallbackForwardHeaders: { 'X-Failure': 'yes' },
			},
		});
		await sink.waitFor(3);
		const sent = await callbacks.waitFor(4);
		const failure = sent.find((c) => c.url === '/failed')!;
		expect(failure.headers['x-failure']).toBe('yes');
		const body = FailureCallbackBody.parse(JSON.parse(failure.body.toString()));
		expect(body).toMatchObject({ status: 502, retried: 2, maxRetries: 2, sourceMessageId: messageId });
		const perAttempt = sent
			.filter((c) => c.url === '/each')
			.map((c) => CallbackBody.parse(JSON.parse(c.body.toString())).retried);
		expect(perAttempt.sort()).toEqual([0, 1, 2]);

		const dead = await conformant(fx.client).getDlq(body.dlqId);
		expect(body.dlqId).toMatch(/^\d+-\d+$/);
		expect(dead).toMatchObject({
			dlqId: body.dlqId,
			messageId,
			url: destination,
			body: 'lost',
			responseStatus: 502,
			responseBody: 'bad gateway',
			maxRetries: 2,
		});
		expect(dead.responseHeader?.['x-why']).toEqual(['broken']);
		await expectGone(messageId);
		const page = await conformant(fx.client).listDlq();
		expect(page.messages.map((m) => m.dlqId)).toContain(body.dlqId);
		await fx.client.dlq.delete(body.dlqId);
		await expect(conformant(fx.client).getDlq(body.dlqId)).rejects.toMatchObject({ status: 404 });
		await expect(fx.client.dlq.delete(body.dlqId)).rejects.toMatchObject({ status: 404 });
	});

	it('fails at once on 489 with the NonRetryable-Error header', async () => {
		await sink.close();
		sink = await startSink((_r, _i, res) => {
			res.statusCode = 489;
			res.setHeader('Svc-NonRetryable-Error', 'true');
			res.end('give up');
		});
		const messageId = await publishUrl(`${sink.url}/no`, {
			destination: '',
			options: { retries: 3, retryDelay: '10', failureCallback: `${callbacks.url}/failed` },
		});
		const [cb] = await callbacks.waitFor(1);
		const body = FailureCallbackBody.parse(JSON.parse(cb!.body.toString()));
		expect(body).toMatchObject({ status: 489, retried: 0, sourceMessageId: messageId });
		expect(sink.received).toHaveLength(1);
	});

	it('waits as long as the destination asks with Retry-After', async () => {
		await sink.close();
		sink = await startSink((_r, i, res) => {
			res.statusCode = i === 0 ? 429 : 200;
			if (i === 0) res.setHeader('retry-after', '1');
			res.end();
		});
		await publishUrl(`${sink.url}/slow-down`, { destination: '', options: { retries: 1, retryDelay: '10' } });
		const [first, second] = await sink.waitFor(2, 5000);
		expect(second!.at - first!.at).toBeGreaterThanOrEqual(900);
	});

	it('evaluates the Retry-Delay expression over retried', async () => {
		await sink.close();
		sink = await startSink((_r, i, res) => {
			res.statusCode = i < 2 ? 500 : 200;
			res.end();
		});
		const messageId = await publishUrl(`${sink.url}/expr`, {
			destination: '',
			options: { retries: 2, retryDelay: 'max(10, 300 * retried)' },
		});
		const [, b, c] = await sink.waitFor(3, 5000);
		expect(c!.at - b!.at).toBeGreaterThanOrEqual(280);
		// retried is 0 before the first retry (10 ms), 1 before the second (300 ms).
		const retries = await conformant(fx.client).listEvents({ messageId, state: 'RETRY' });
		const delays = retries.events.map((e) => e.nextDeliveryTime! - e.time).reverse();
		expect(delays).toEqual([10, 300]);
	});

	it('times out a destination that does not answer, without holding up other messages', async () => {
		const silent = await startSink(() => new Promise(() => {}));
		try {
			const stuckId = await publishUrl(`${silent.url}/never`, {
				destination: '',
				options: { timeoutMs: 1000, retries: 0, failureCallback: `${callbacks.url}/failed` },
			});
			await silent.waitFor(1);
			await publishUrl(`${sink.url}/fast`);
			await sink.waitFor(1);
			const [cb] = await callbacks.waitFor(1, 5000);
			const body = FailureCallbackBody.parse(JSON.parse(cb!.body.toString()));
			expect(body.sourceMessageId).toBe(stuckId);
			expect(sink.received[0]!.at).toBeLessThan(cb!.at);
			const events = await conformant(fx.client).listEvents({ messageId: stuckId, state: 'ERROR' });
			expect(events.events[0]!.error).toMatch(/no response within 1000 ms/);
		} finally {
			await silent.close();
		}
	});

	it('counts a refused connection as a failed attempt', async () => {
		const gone = await startSink();
		const url = `${gone.url}/closed`;
		await gone.close();
		const messageId = await publishUrl(url, { destination: '', options: { retries: 1, retryDelay: '10' } });
		await expectGone(messageId);
		const failed = await conformant(fx.client).listEvents({ messageId, state: 'FAILED' });
		expect(failed.events).toHaveLength(1);
		const dlq = await conformant(fx.client).listDlq();
		const record = dlq.messages.find((m) => m.messageId === messageId)!;
		expect(record.responseStatus).toBeUndefined();
	});
});

describe('scheduling and cancelling', () => {
	it('holds a delayed message until its time, retrievable, and cancels it', async () => {
		const before = Date.now();
		const messageId = await publishUrl(`${sink.url}/later`, {
			destination: '',
			body: Buffer.from([0xff, 0x00, 0x80]),
			options: { delayMs: 3_600_000, labels: ['a', 'b'], flowControl: { key: 'k', rate: 5, periodMs: 2000 } },
		});
		const message = await conformant(fx.client).getMessage(messageId);
		expect(message.notBefore).toBeGreaterThanOrEqual(before + 3_600_000);
		expect(message.createdAt).toBeGreaterThanOrEqual(before);
		expect(message.bodyBase64).toBe(Buffer.from([0xff, 0x00, 0x80]).toString('base64'));
		expect(message.body).toBeUndefined();
		expect(message).toMatchObject({ labels: ['a', 'b'], flowControlKey: 'k', rate: 5, period: 2 });
		expect(await fx.client.messages.cancelOne(messageId)).toEqual({ cancelled: 1 });
		await expect(conformant(fx.client).getMessage(messageId)).rejects.toMatchObject({ status: 404 });
		await expect(fx.client.messages.cancelOne(messageId)).rejects.toMatchObject({ status: 404 });
		const events = await conformant(fx.client).listEvents({ messageId });
		expect(events.events.map((e) => e.state)).toEqual(['CANCELLED', 'CANCEL_REQUESTED', 'CREATED']);
	});

	it('takes Not-Before over Delay', async () => {
		const notBefore = Math.floor(Date.now() / 1000) + 7200;
		const messageId = await publishUrl(`${sink.url}/nb`, {
			destination: '',
			options: { delayMs: 1000, notBefore },
		});
		expect((await conformant(fx.client).getMessage(messageId)).notBefore).toBe(notBefore * 1000);
	});

	it('delivers with the method asked for, without a body for GET', async () => {
		await publishUrl(`${sink.url}/get`, { destination: '', body: 'ignored', options: { method: 'GET' } });
		await publishUrl(`${sink.url}/put`, { destination: '', body: 'put body', options: { method: 'PUT' } });
		await sink.waitFor(2);
		const get = sink.received.find((r) => r.url === '/get')!;
		const put = sink.received.find((r) => r.url === '/put')!;
		expect(get.method).toBe('GET');
		expect(get.body.length).toBe(0);
		expect(verify(get, `${sink.url}/get`)).toMatchObject({ ok: true });
		expect(put.method).toBe('PUT');
		expect(put.body.toString()).toBe('put body');
	});

	it('forwards every incoming header with Header-Forward, but never Authorization or its own', async () => {
		await publishUrl(`${sink.url}/all`, {
			destination: '',
			options: { headerForward: true, retries: 1 },
			headers: { 'x-plain': 'p', 'x-other': 'o' },
		});
		const [got] = await sink.waitFor(1);
		expect(got!.headers['x-plain']).toBe('p');
		expect(got!.headers['x-other']).toBe('o');
		expect(got!.headers.authorization).toBeUndefined();
		expect(got!.headers['svc-retries']).toBeUndefined();
		expect(got!.headers['svc-header-forward']).toBeUndefined();
	});

	it('never lets a forwarded header shadow a header the service sets', async () => {
		const destination = `${sink.url}/forged`;
		await publishUrl(destination, {
			destination,
			options: { forwardHeaders: { 'SVC-SIGNATURE': 'forged', 'svc-message-id': 'forged' } },
		});
		const [got] = await sink.waitFor(1);
		expect(got!.headers['svc-message-id']).toMatch(/^msg_/);
		expect(verify(got!, destination)).toMatchObject({ ok: true });
	});

	it('signs with the new current key after a rotation', async () => {
		const rotated = await conformant(fx.client).rotateSigningKeys();
		expect(rotated.current).toBe(fx.service.nextSigningKey);
		expect(rotated.next).not.toBe(fx.service.nextSigningKey);
		expect(await conformant(fx.client).getSigningKeys()).toEqual(rotated);
		await publishUrl(`${sink.url}/rotated`);
		const [got] = await sink.waitFor(1);
		const verdict = verifySignature({
			token: got!.headers['svc-signature'] as string,
			body: got!.body,
			currentKey: fx.service.currentSigningKey,
			nextKey: fx.service.nextSigningKey,
			issuer: 'Svc',
		});
		expect(verdict).toMatchObject({ ok: true, key: 'next' });
	});
});

describe('deduplication', () => {
	it('answers a repeated Deduplication-Id with the first message id and 202', async () => {
		const first = await fx.client.publish({
			destination: `${sink.url}/d`,
			options: { deduplicationId: 'order-1' },
		});
		const raw = await fetch(`${fx.service.queueUrl}/v2/publish/${sink.url}/d`, {
			method: 'POST',
			headers: { authorization: `Bearer ${fx.service.token}`, 'svc-deduplication-id': 'order-1' },
		});
		expect(raw.status).toBe(202);
		const second = (await raw.json()) as { messageId: string; deduplicated: boolean };
		expect(first.kind === 'url' && second.messageId === first.result.messageId).toBe(true);
		expect(second.deduplicated).toBe(true);
		await sink.waitFor(1);
		const other = await fx.client.publish({
			destination: `${sink.url}/d`,
			options: { deduplicationId: 'order-2' },
		});
		expect(other.kind === 'url' && other.result.deduplicated).toBeFalsy();
		await sink.waitFor(2);
	});

	it('deduplicates on content with Content-Based-Deduplication', async () => {
		const send = (body: string) =>
			fx.client.publish({ destination: `${sink.url}/c`, body, options: { contentBasedDeduplication: true } });
		const a = await send('same');
		const b = await send('same');
		const c = await send('different');
		if (a.kind !== 'url' || b.kind !== 'url' || c.kind !== 'url') throw new Error('expected URL answers');
		expect(b.result).toEqual({ messageId: a.result.messageId, url: `${sink.url}/c`, deduplicated: true });
		expect(c.result.messageId).not.toBe(a.result.messageId);
		await sink.waitFor(2);
	});
});

describe('flow control', () => {
	it('never has more than `parallelism` deliveries of a key in flight', async () => {
		let inFlight = 0;
		let most = 0;
		await sink.close();
		sink = await startSink(async (_r, _i, res) => {
			inFlight++;
			most = Math.max(most, inFlight);
			await new Promise((r) => setTimeout(r, 100));
			inFlight--;
			res.end();
		});
		for (let i = 0; i < 6; i++) {
			await publishUrl(`${sink.url}/p${i}`, {
				destination: '',
				options: { flowControl: { key: 'one', parallelism: 2 } },
			});
		}
		await sink.waitFor(6);
		expect(most).toBeGreaterThan(0);
		expect(most).toBeLessThanOrEqual(2);
	});

	it('starts at most `rate` deliveries of a key per period, without holding up other keys', async () => {
		const flow = { key: 'slow', rate: 2, periodMs: 1000 };
		for (let i = 0; i < 4; i++)
			await publishUrl(`${sink.url}/r${i}`, { destination: '', options: { flowControl: flow } });
		await publishUrl(`${sink.url}/free`);
		const got = await sink.waitFor(5, 5000);
		const limited = got.filter((r) => r.url.startsWith('/r'));
		const free = got.find((r) => r.url === '/free')!;
		expect(limited[2]!.at - limited[0]!.at).toBeGreaterThanOrEqual(900);
		expect(free.at).toBeLessThan(limited[2]!.at);
	});
});
