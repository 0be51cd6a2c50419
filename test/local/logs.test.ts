/**
 * Delivery logs through the official SDK (deployed dialect) and through our client: GET
 * /v2/logs and GET /v2/events serve the same entries with every filter of the reference;
 * entries carry labels, headers, bodies and the destination's answer, redacted as the
 * publish asked; our client falls back to /v2/events where /v2/logs is missing.
 */
import { createHash } from 'node:crypto';
import type { Client } from '@upstash/qstash';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MqClient } from '../../source/api/client.js';
import { conformant } from '../support/conformance.js';
import { listen, type TestServer } from '../support/http-server.js';
import { complete } from '../support/reading.js';
import { waitUntil } from '../support/wait.js';
import { bearer, type Fixture, raw, type Sink, startSdkFixture, startSink } from './helpers.js';

let fx: Fixture;
let qstash: Client;
let sink: Sink;
let ids: { ok: string; failed: string; other: string };

beforeAll(async () => {
	({ qstash, ...fx } = await startSdkFixture());
	sink = await startSink((r, _i, res) => {
		res.statusCode = r.url === '/broken' ? 503 : 200;
		res.end(r.url === '/broken' ? 'unavailable' : 'ok');
	});
	const ok = await qstash.publish({ url: `${sink.url}/ok`, body: 'hello', label: ['alpha', 'beta'] });
	const failed = await qstash.publish({ url: `${sink.url}/broken`, body: 'x', retries: 0, label: 'gamma' });
	const other = await qstash.publish({ url: `${sink.url}/other`, body: 'y', label: 'beta' });
	ids = { ok: ok.messageId, failed: failed.messageId, other: other.messageId };
	await waitUntil(async () => {
		const done = await qstash.logs({ filter: { state: 'DELIVERED' } });
		const failures = await qstash.logs({ filter: { state: 'FAILED' } });
		return done.logs.length >= 2 && failures.logs.length >= 1 ? true : undefined;
	});
});
afterAll(async () => {
	await fx.close();
	await sink.close();
});

const idsOf = (logs: { messageId: string }[]) => [...new Set(logs.map((l) => l.messageId))].sort();

describe('delivery logs', () => {
	it('filter by label, state and URL through the official SDK', async () => {
		expect(idsOf((await qstash.logs({ filter: { label: 'beta' } })).logs)).toEqual(
			[ids.ok, ids.other].sort(),
		);
		expect(idsOf((await qstash.logs({ filter: { label: ['gamma', 'alpha'] } })).logs)).toEqual(
			[ids.ok, ids.failed].sort(),
		);
		const failed = await qstash.logs({ filter: { state: 'FAILED' } });
		expect(idsOf(failed.logs)).toEqual([ids.failed]);
		expect(idsOf((await qstash.logs({ filter: { url: `${sink.url}/other` } })).logs)).toEqual([ids.other]);
		expect(idsOf((await qstash.logs({ messageIds: [ids.ok, ids.other] })).logs)).toEqual(
			[ids.ok, ids.other].sort(),
		);
		const inProgress = await qstash.logs({ filter: { state: 'IN_PROGRESS', label: 'gamma' } });
		expect(inProgress.logs.map((l) => l.state)).toEqual(['ERROR', 'ACTIVE']);
	});

	it('carry labels, headers, bodies and the answer of the destination', async () => {
		const [delivered] = (await qstash.logs({ filter: { state: 'DELIVERED', label: 'alpha' } })).logs;
		expect(delivered).toMatchObject({ messageId: ids.ok, label: 'alpha', labels: ['alpha', 'beta'] });
		expect(Buffer.from(delivered!.body!, 'base64').toString()).toBe('hello');
		const [error] = (
			await complete(fx.client.logs.list({ filter: { state: 'ERROR', messageId: ids.failed } }))
		).logs;
		expect(error).toMatchObject({ responseStatus: 503, url: `${sink.url}/broken` });
		expect(Buffer.from(error!.responseBody!, 'base64').toString()).toBe('unavailable');
	});

	it('are the same on /v2/logs and /v2/events, newest first, paged with a cursor', async () => {
		const get = async (path: string) => {
			const answer = await raw(`${fx.service.queueUrl}${path}`, { headers: bearer(fx.service) });
			return answer.json() as Record<string, unknown[] | string>;
		};
		const logs = await get('/v2/logs?label=beta&count=3');
		const events = await get('/v2/events?label=beta&count=3');
		expect(logs.logs).toEqual(events.events);
		expect(logs.cursor).toBe(events.cursor);
		const next = await get(`/v2/logs?label=beta&count=3&cursor=${logs.cursor}`);
		const all = await get('/v2/logs?label=beta');
		expect([...(logs.logs as unknown[]), ...(next.logs as unknown[])]).toEqual(
			(all.logs as unknown[]).slice(0, 3 + (next.logs as unknown[]).length),
		);
		const times = (all.logs as { time: number }[]).map((l) => l.time);
		expect(times).toEqual([...times].sort((a, b) => b - a));
		const now = Date.now();
		expect(((await get(`/v2/logs?fromDate=${now + 60_000}`)).logs as unknown[]).length).toBe(0);
		expect(
			((await get(`/v2/logs?toDate=${now}&host=${new URL(sink.url).host}&path=/ok`)).logs as unknown[])
				.length,
		).toBeGreaterThan(0);
		const refused = await raw(`${fx.service.queueUrl}/v2/logs?state=LOST`, { headers: bearer(fx.service) });
		expect(refused.status).toBe(400);
	});

	it('hide what the publish asked to redact, while the destination gets it all', async () => {
		const { messageId } = await qstash.publish({
			url: `${sink.url}/secret`,
			body: 'card 4242',
			headers: { Authorization: 'Bearer secret', 'X-Visible': 'yes' },
			redact: { body: true, header: ['Authorization'] },
		});
		const [got] = await waitUntil(() => {
			const arrived = sink.received.filter((r) => r.url === '/secret');
			return arrived.length > 0 ? arrived : undefined;
		});
		expect(got!.body.toString()).toBe('card 4242');
		expect(got!.headers.authorization).toBe('Bearer secret');
		const hash = (text: string) => `REDACTED:${createHash('sha256').update(text).digest('hex')}`;
		const [entry] = (await qstash.logs({ messageIds: [messageId] })).logs;
		expect(entry!.body).toBe(hash('card 4242'));
		expect(entry!.header).toMatchObject({ Authorization: [hash('Bearer secret')], 'X-Visible': ['yes'] });
	});
});

describe('our client', () => {
	it('keeps the page within what the service accepts, and falls back to /v2/events where /v2/logs is missing', async () => {
		const seen: string[] = [];
		// A deployment without /v2/logs: answers 404 there and passes everything else on.
		const proxy: TestServer = await listen(async (req, res) => {
			seen.push(req.url ?? '');
			if ((req.url ?? '').startsWith('/v2/logs')) {
				res.statusCode = 404;
				res.end('{"error":"not found"}');
				return;
			}
			const answer = await fetch(`${fx.service.queueUrl}${req.url}`, {
				headers: { authorization: req.headers.authorization ?? '' },
			});
			res.statusCode = answer.status;
			res.setHeader('content-type', 'application/json');
			res.end(await answer.text());
		});
		try {
			const client = new MqClient({ ...fx.client.settings, queueUrl: proxy.url });
			const first = await complete(client.logs.list({ filter: { label: 'beta' }, count: 500 }));
			expect(idsOf(first.logs)).toEqual([ids.ok, ids.other].sort());
			expect(client.logs.endpoint).toBe('/v2/events');
			await client.logs.list({ filter: { state: 'FAILED' } });
			expect(seen).toEqual([
				'/v2/logs?label=beta&count=100',
				'/v2/events?label=beta&count=100',
				'/v2/events?state=FAILED',
			]);
			expect((await complete(fx.client.logs.list())).logs.length).toBeGreaterThan(0);
			expect(fx.client.logs.endpoint).toBe('/v2/logs');
		} finally {
			await proxy.close();
		}
	});

	it('still lists events as before', async () => {
		const page = await conformant(fx.client).listEvents({ messageId: ids.ok, state: 'DELIVERED' });
		expect(page.events.map((e) => e.messageId)).toEqual([ids.ok]);
	});
});
