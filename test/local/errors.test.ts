/**
 * Errors exactly as the protocol says (docs/protocol/errors.md#error-body,
 * docs/protocol/errors.md#status-codes, docs/protocol/errors.md#rate-limits): `{"error": ...}` JSON
 * with 400, 401, 404, 405, 413 and 429 (with their headers), and plan limits that bite
 * (docs/protocol/limits.md#plan-limits). Raw requests, since the point is what goes over the wire.
 */
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { conformant } from '../support/conformance.js';
import { bearer, type Fixture, raw, startFixture } from './helpers.js';

let fx: Fixture | undefined;

afterEach(async () => {
	await fx?.close();
	fx = undefined;
});

async function service(options: Parameters<typeof startFixture>[0] = {}) {
	fx = await startFixture(options);
	return fx;
}

function publishUrl(f: Fixture, destination: string): string {
	return `${f.service.queueUrl}/v2/publish/${destination}`;
}

async function expectError(
	response: Promise<Awaited<ReturnType<typeof raw>>>,
	status: number,
	message: string | RegExp,
) {
	const r = await response;
	expect(r.status).toBe(status);
	expect(r.headers.get('content-type')).toBe('application/json');
	const body = r.json() as { error: string };
	expect(Object.keys(body)).toEqual(['error']);
	if (typeof message === 'string') expect(body.error).toContain(message);
	else expect(body.error).toMatch(message);
	return r;
}

describe('400: malformed input', () => {
	it('names the header at fault, in header and in query form', async () => {
		const f = await service();
		const post = (path: string, headers: Record<string, string> = {}) =>
			raw(publishUrl(f, path), { method: 'POST', headers: { ...bearer(f.service), ...headers } });
		const dest = 'http://127.0.0.1:9/x';
		await expectError(post(dest, { 'Svc-Retries': 'many' }), 400, 'Svc-Retries');
		await expectError(post(`${dest}?svc-delay=soon`), 400, 'Svc-Delay');
		await expectError(post(dest, { 'Svc-Delay': '10x' }), 400, /Svc-Delay: invalid duration/);
		await expectError(post(dest, { 'Svc-Timeout': '-1s' }), 400, 'Svc-Timeout');
		await expectError(post(dest, { 'Svc-Retry-Delay': 'process.exit()' }), 400, 'Svc-Retry-Delay');
		await expectError(post(dest, { 'Svc-Retry-Delay': 'pow(2, retried' }), 400, 'Svc-Retry-Delay');
		await expectError(post(dest, { 'Svc-Callback': 'not-a-url' }), 400, 'Svc-Callback');
		await expectError(post(dest, { 'Svc-Method': 'BREW' }), 400, 'Svc-Method');
		await expectError(post(dest, { 'Svc-Header-Forward': 'maybe' }), 400, 'Svc-Header-Forward');
		await expectError(post(dest, { 'Svc-Flow-Control-Value': 'rate=1' }), 400, 'Svc-Flow-Control-Key');
		await expectError(
			post(dest, { 'Svc-Flow-Control-Key': 'k', 'Svc-Flow-Control-Value': 'speed=fast' }),
			400,
			'Svc-Flow-Control-Value',
		);
	});

	it('refuses destinations that are neither an http(s) URL nor a group name', async () => {
		const f = await service();
		const post = (path: string) => raw(publishUrl(f, path), { method: 'POST', headers: bearer(f.service) });
		await expectError(post('ftp://example.com/file'), 400, 'invalid destination');
		await expectError(post('bad%20name'), 400, 'invalid destination');
		await expectError(post('http://'), 400, 'invalid destination');
		await expectError(
			raw(`${f.service.queueUrl}/v2/publish`, { method: 'POST', headers: bearer(f.service) }),
			400,
			'missing destination',
		);
	});

	it('lets a header win over its query form', async () => {
		const f = await service();
		const r = await raw(`${publishUrl(f, 'http://127.0.0.1:9/x')}?svc-retries=nonsense&svc-delay=1h`, {
			method: 'POST',
			headers: { ...bearer(f.service), 'Svc-Retries': '1' },
		});
		expect(r.status).toBe(200);
		const { messageId } = r.json() as { messageId: string };
		const message = await conformant(f.client).getMessage(messageId);
		expect(message.maxRetries).toBe(1);
		expect(message.notBefore - message.createdAt).toBe(3_600_000);
		expect(message.url).toBe('http://127.0.0.1:9/x');
	});

	it('refuses what exceeds the plan with 400 naming the limit', async () => {
		const f = await service({ limits: { max_retries: 2, max_delay: 60, timeout: 10 } });
		const post = (headers: Record<string, string>) =>
			raw(publishUrl(f, 'http://127.0.0.1:9/x'), {
				method: 'POST',
				headers: { ...bearer(f.service), ...headers },
			});
		await expectError(post({ 'Svc-Retries': '3' }), 400, 'max_retries');
		await expectError(post({ 'Svc-Callback-Retries': '3' }), 400, 'Svc-Callback-Retries');
		await expectError(post({ 'Svc-Delay': '2m' }), 400, 'max_delay');
		await expectError(
			post({ 'Svc-Not-Before': String(Math.floor(Date.now() / 1000) + 3600) }),
			400,
			'max_delay',
		);
		await expectError(post({ 'Svc-Timeout': '11s' }), 400, 'timeout');
		expect((await post({ 'Svc-Retries': '2', 'Svc-Delay': '1m', 'Svc-Timeout': '10s' })).status).toBe(200);
	});
});

describe('401, 404, 405', () => {
	it('answers each with its status and a JSON error', async () => {
		const f = await service();
		await expectError(
			raw(publishUrl(f, 'http://127.0.0.1:9/x'), { method: 'POST' }),
			401,
			'missing credentials',
		);
		await expectError(
			raw(`${publishUrl(f, 'http://127.0.0.1:9/x')}?mq_token=wrong`, { method: 'POST' }),
			401,
			'wrong token',
		);
		await expectError(
			raw(`${f.service.queueUrl}/v2/nothing`, { headers: bearer(f.service) }),
			404,
			'no such operation',
		);
		await expectError(
			raw(`${f.service.queueUrl}/v2/messages/msg_none`, { headers: bearer(f.service) }),
			404,
			'msg_none',
		);
		await expectError(raw(`${f.service.queueUrl}/v2/dlq/1-1`, { headers: bearer(f.service) }), 404, '1-1');
		const wrongMethod = await expectError(
			raw(`${f.service.queueUrl}/v2/topics`, { method: 'PUT', headers: bearer(f.service) }),
			405,
			'PUT',
		);
		expect(wrongMethod.headers.get('allow')).toBe('GET');
		await expectError(
			raw(`${f.service.queueUrl}/v2/events?count=0`, { headers: bearer(f.service) }),
			400,
			'count',
		);
		await expectError(
			raw(`${f.service.queueUrl}/v2/events?state=LOST`, { headers: bearer(f.service) }),
			400,
			'state',
		);
	});
});

describe('413: larger than max_message_size', () => {
	it('refuses a publish body over the limit and accepts one at it', async () => {
		const f = await service({ limits: { max_message_size: 100 } });
		const post = (body: string) =>
			raw(publishUrl(f, 'http://127.0.0.1:9/x'), { method: 'POST', headers: bearer(f.service), body });
		await expectError(post('x'.repeat(101)), 413, 'max_message_size');
		expect((await post('x'.repeat(100))).status).toBe(200);
		await expectError(post('y'.repeat(50_000)), 413, 'max_message_size');
	});
});

describe('429: over a rate limit', () => {
	it('answers the burst limit with Retry-After and Burst-RateLimit-*', async () => {
		const f = await service({ limits: { max_requests_per_second: 5 } });
		const answers = await Promise.all(
			Array.from({ length: 30 }, () => raw(`${f.service.queueUrl}/v2/keys`, { headers: bearer(f.service) })),
		);
		const limited = answers.filter((a) => a.status === 429);
		expect(limited.length).toBeGreaterThan(0);
		const first = limited[0]!;
		expect(first.headers.get('retry-after')).toBe('1');
		expect(first.headers.get('burst-ratelimit-limit')).toBe('5');
		expect(first.headers.get('burst-ratelimit-remaining')).toBe('0');
		expect(Number(first.headers.get('burst-ratelimit-reset'))).toBeGreaterThanOrEqual(
			Math.floor(Date.now() / 1000),
		);
		expect(first.json()).toEqual({ error: expect.stringContaining('max_requests_per_second') });
	});

	it('answers the daily limit with RateLimit-*, and reports the remaining count on every publish', async () => {
		const f = await service({ limits: { max_requests_per_day: 1, max_requests_per_day_hard: 2 } });
		const post = () =>
			raw(publishUrl(f, 'http://127.0.0.1:9/x'), {
				method: 'POST',
				headers: { ...bearer(f.service), 'Svc-Delay': '1h' },
			});
		const first = await post();
		expect(first.status).toBe(200);
		expect(first.headers.get('ratelimit-limit')).toBe('1');
		expect(first.headers.get('ratelimit-remaining')).toBe('0');
		expect((await post()).status).toBe(200);
		const refused = await expectError(post(), 429, 'max_requests_per_day_hard');
		expect(refused.headers.get('ratelimit-limit')).toBe('2');
		expect(refused.headers.get('ratelimit-remaining')).toBe('0');
		expect(Number(refused.headers.get('ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000);
		expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
	});
});

describe('robustness', () => {
	it('survives garbage on the socket and keeps serving', async () => {
		const f = await service();
		const { port } = new URL(f.service.queueUrl);
		const answer = await new Promise<string>((resolve) => {
			const socket = connect(Number(port), '127.0.0.1', () =>
				socket.write('\u0000\u0001 not http at all\r\n\r\n'),
			);
			let text = '';
			socket.on('data', (d) => {
				text += d.toString();
			});
			socket.on('close', () => resolve(text));
			socket.on('error', () => resolve(text));
		});
		expect(answer).toMatch(/^HTTP\/1\.1 400/);
		expect((await raw(`${f.service.queueUrl}/v2/keys`, { headers: bearer(f.service) })).status).toBe(200);
	});
});
