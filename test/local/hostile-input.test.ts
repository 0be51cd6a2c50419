/**
 * What hostile or careless input does to the local service: paths that try to climb to another
 * operation, URL Group names that name no group, retry delays that give no delay, control
 * characters in values that become headers, a body announced far over the limit, and a URL
 * Group that publishes back to itself. Raw requests where fetch would tidy the path first.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../source/api/errors.js';
import { conformant } from '../support/conformance.js';
import { rawHttp } from '../support/raw-http.js';
import { waitUntil } from '../support/wait.js';
import { bearer, type Fixture, raw, type Sink, startFixture, startSink } from './helpers.js';

let fx: Fixture | undefined;
let sink: Sink | undefined;

afterEach(async () => {
	await Promise.all([fx?.close(), sink?.close()]);
	fx = undefined;
	sink = undefined;
});

async function setup(options: Parameters<typeof startFixture>[0] = {}) {
	fx = await startFixture(options);
	sink = await startSink();
	return { fx, sink };
}

/** Messages the service accepted so far. */
async function created(f: Fixture): Promise<number> {
	const { events } = await conformant(f.client).listEvents({ count: 1000, state: 'CREATED' });
	return events.length;
}

describe('a path names exactly one operation', () => {
	it('refuses a publish whose destination climbs to another operation, and rotates nothing', async () => {
		const { fx } = await setup();
		const keys = await conformant(fx.client).getSigningKeys();
		for (const target of [
			'/v2/publish/http://x/../../keys/rotate',
			'/v2/publish/http://127.0.0.1:9/a/../../../../../keys/rotate',
			'/v2/publish/http://x/%2e%2e/%2E%2e/keys/rotate',
			'/v2/publish/./../keys/rotate',
			'/v2/topics/%2e%2e/endpoints',
			'/v2/topics/./endpoints',
		]) {
			const answer = await rawHttp(fx.service.queueUrl, {
				method: 'POST',
				target,
				headers: { ...bearer(fx.service), 'content-type': 'application/json' },
				body: JSON.stringify({ endpoints: [{ url: 'http://127.0.0.1:9/evil' }] }),
			});
			expect(answer.status, target).toBe(400);
			expect(JSON.parse(answer.body).error).toMatch(/"\." or "\.\." segment/);
		}
		expect(await conformant(fx.client).getSigningKeys()).toEqual(keys);
		expect(await conformant(fx.client).listGroups()).toEqual([]);
		expect(await created(fx)).toBe(0);
	});

	it('reads an empty segment as an empty name, never as the next segment', async () => {
		const { fx, sink } = await setup();
		await fx.client.groups.addEndpoints('endpoints', [{ url: `${sink.url}/a` }]);
		for (const [method, target] of [
			['DELETE', '/v2/topics//endpoints'],
			['DELETE', '/v2/topics//'],
			['PATCH', '/v2/topics//endpoints'],
		] as const) {
			const answer = await rawHttp(fx.service.queueUrl, {
				method,
				target,
				headers: { ...bearer(fx.service), 'content-type': 'application/json' },
				body: JSON.stringify({ endpoints: [{ url: `${sink.url}/a` }], headers: {} }),
			});
			expect(answer.status, `${method} ${target}`).toBeGreaterThanOrEqual(400);
			expect(answer.status).toBeLessThan(500);
		}
		expect((await conformant(fx.client).getGroup('endpoints')).endpoints).toEqual([{ url: `${sink.url}/a` }]);
	});

	it('keeps a percent-encoded destination whole, its own query included', async () => {
		const { fx, sink } = await setup();
		const destination = `${sink.url}/a/../b?svc-retries=5&mq_token=not-ours`;
		const answer = await rawHttp(fx.service.queueUrl, {
			method: 'POST',
			target: `/v2/publish/${encodeURIComponent(destination)}?svc-retries=0&svc-delay=1h`,
			headers: bearer(fx.service),
			body: 'x',
		});
		expect(answer.status).toBe(200);
		const message = await conformant(fx.client).getMessage(JSON.parse(answer.body).messageId);
		expect(message).toMatchObject({ url: destination, maxRetries: 0 });
	});
});

describe('URL Group names "." and ".."', () => {
	it('are refused as group and endpoint names', async () => {
		const { fx, sink } = await setup();
		for (const name of ['.', '..']) {
			const error = await fx.client.groups
				.addEndpoints('good', [{ name, url: `${sink.url}/a` }])
				.catch((e: unknown) => e);
			expect((error as ApiError).status).toBe(400);
			expect((error as ApiError).message).toContain('not "." or ".." alone');
		}
		expect(await conformant(fx.client).listGroups()).toEqual([]);
	});
});

describe('Retry-Delay that gives no delay', () => {
	it('is refused at publish for every retry the message makes', async () => {
		const { fx } = await setup();
		const publish = (retryDelay: string, retries?: number) =>
			fx.client.publish({
				destination: 'http://127.0.0.1:9/x',
				body: 'x',
				options: { retryDelay, delayMs: 3_600_000, ...(retries !== undefined ? { retries } : {}) },
			});
		for (const [expression, problem] of [
			['1/0', /infinity/],
			['pow(10, 1000)', /infinity/],
			['sqrt(-1)', /NaN/],
			['-1000', /negative/],
			['0 - exp(1000)', /minus infinity/],
			['1000 / retried', /infinity when retried is 0/],
		] as const) {
			const error = await publish(expression).catch((e: unknown) => e);
			expect(error, expression).toBeInstanceOf(ApiError);
			expect((error as ApiError).status).toBe(400);
			expect((error as ApiError).message).toMatch(/Svc-Retry-Delay/);
			expect((error as ApiError).message).toMatch(problem);
		}
		// Negative only from the third retry on: fine for one retry, refused for three.
		const late = '1000 - retried * 600';
		const error = await publish(late, 3).catch((e: unknown) => e);
		expect((error as ApiError).message).toMatch(/negative delay when retried is 2/);
		const ok = await publish(late, 1);
		expect(ok.kind).toBe('url');
		expect(await created(fx)).toBe(1);
	});
});

describe('control characters in values that become headers', () => {
	it('are refused at publish (400), in headers, query forms and batch items alike', async () => {
		const { fx, sink } = await setup();
		const refused: [string, Promise<Awaited<ReturnType<typeof raw>>>][] = [];
		const publish = (query: string) =>
			raw(`${fx.service.queueUrl}/v2/publish/${encodeURIComponent(`${sink.url}/x`)}?${query}`, {
				method: 'POST',
				headers: bearer(fx.service),
				body: 'x',
			});
		refused.push(['forward value', publish('svc-forward-x-order=a%0D%0Ab')]);
		refused.push(['forward value with NUL', publish('svc-forward-x-order=a%00b')]);
		refused.push(['forward name', publish('svc-forward-bad%20name=1')]);
		refused.push(['callback forward', publish('svc-callback-forward-x=%07')]);
		refused.push(['label', publish('svc-label=a%1Bb')]);
		refused.push(['deduplication id', publish('svc-deduplication-id=a%0Ab')]);
		const batch = (headers: Record<string, string>) =>
			raw(`${fx.service.queueUrl}/v2/batch/trigger`, {
				method: 'POST',
				headers: { ...bearer(fx.service), 'content-type': 'application/json' },
				body: JSON.stringify([{ destination: `${sink.url}/wf`, headers }]),
			});
		refused.push(['workflow run id', batch({ 'Svc-Workflow-RunId': 'wfr_a\r\nX-Injected: 1' })]);
		refused.push(['batch content type', batch({ 'Content-Type': 'text/plain\u0001' })]);
		refused.push(['batch forward', batch({ 'Svc-Forward-X': 'a\nb' })]);
		for (const [what, answer] of refused) {
			const r = await answer;
			expect(r.status, what).toBe(400);
			expect((r.json() as { error: string }).error, what).toMatch(/control characters|header name/);
		}
		expect(await created(fx)).toBe(0);
		expect(sink.received).toHaveLength(0);
	});
});

describe('a body announced far over the limit', () => {
	it('is answered 413 as soon as the headers are read', async () => {
		const { fx } = await setup({ limits: { max_message_size: 1000 } });
		for (const target of ['/v2/publish/http%3A%2F%2F127.0.0.1%3A9%2Fx', '/v2/topics/g/endpoints']) {
			// Nothing of the body is ever sent: only an answer that comes at once ends this request.
			const answer = await rawHttp(fx.service.queueUrl, {
				method: 'POST',
				target,
				headers: { ...bearer(fx.service), 'content-length': String(10 * 1024 ** 3) },
				headersOnly: true,
			});
			expect(answer.status, target).toBe(413);
			expect(JSON.parse(answer.body).error).toContain('10737418240 bytes');
		}
	});
});

describe('a URL Group that publishes to itself', () => {
	it('stops at the first hop back: one publish to N endpoints makes N deliveries, each refused and saying why', async () => {
		const { fx } = await setup();
		const { queueUrl, token } = fx.service;
		const self = `${queueUrl}/v2/publish/loop?mq_token=${token}`;
		const endpoints = 10;
		await fx.client.groups.addEndpoints(
			'loop',
			Array.from({ length: endpoints }, (_, i) => ({ name: `e${i}`, url: `${self}&e=${i}` })),
		);
		await fx.client.publish({ destination: 'loop', body: 'around' });
		const dead = await waitUntil(async () => {
			if (fx.service.context.engine.messages.size > 0) return undefined;
			const { messages } = await conformant(fx.client).listDlq();
			return messages.length >= endpoints ? messages : undefined;
		}, 15_000);
		expect(dead).toHaveLength(endpoints);
		for (const record of dead) {
			expect(record.responseStatus).toBe(489);
			expect(record.responseBody).toContain('loop detected');
			expect(record.responseBody).toContain('Svc-Hops');
		}
		// The group's fan-out and nothing more: no republish was accepted.
		const { events } = await conformant(fx.client).listEvents({ count: 1000 });
		expect(events.filter((e) => e.state === 'CREATED')).toHaveLength(endpoints);
		expect(events.filter((e) => e.state === 'DELIVERED')).toHaveLength(0);
		expect(events.filter((e) => e.state === 'FAILED')).toHaveLength(endpoints);
	});

	it('refuses a hop back wherever it would make messages: a batch, a trigger, an enqueue', async () => {
		const { fx, sink } = await setup();
		const { queueUrl, token } = fx.service;
		const auth = { Authorization: `Bearer ${token}` };
		const back = [
			{ path: '/v2/batch', body: JSON.stringify([{ destination: `${sink.url}/batch` }]) },
			{ path: '/v2/batch/trigger', body: JSON.stringify([{ destination: `${sink.url}/trigger` }]) },
			{ path: `/v2/trigger/${sink.url}/single`, body: '{}' },
			{ path: `/v2/enqueue/back/${sink.url}/enqueue`, body: 'x' },
		];
		for (const { path, body } of back) {
			await fx.client.publish({
				destination: `${queueUrl}${path}`,
				body,
				options: { forwardHeaders: auth, contentType: 'application/json' },
			});
		}
		const dead = await waitUntil(async () => {
			const { messages } = await conformant(fx.client).listDlq();
			return messages.length >= back.length ? messages : undefined;
		});
		expect(dead.map((d) => d.responseStatus)).toEqual(back.map(() => 489));
		// Nothing of what they carried was accepted: a publish after them arrives first and alone.
		await fx.client.publish({ destination: `${sink.url}/after` });
		await sink.waitFor(1);
		expect(sink.received.map((r) => r.url)).toEqual(['/after']);
		expect(fx.service.context.runs.newestFirst()).toHaveLength(0);
	});

	it('tells every destination how many times the message passed through the service', async () => {
		const { fx, sink } = await setup();
		await fx.client.publish({ destination: `${sink.url}/d`, body: 'x' });
		const [got] = await sink.waitFor(1);
		expect(got?.headers['svc-hops']).toBe('1');
		// A forwarded header cannot reset the count.
		await fx.client.publish({
			destination: `${sink.url}/d`,
			body: 'x',
			options: { forwardHeaders: { 'Svc-Hops': '0' } },
		});
		const [, second] = await sink.waitFor(2);
		expect(second?.headers['svc-hops']).toBe('1');
	});
});
