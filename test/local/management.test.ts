/**
 * Management API reads and the statistics they report, counted from what really happened.
 * The service runs on a clock set to the middle of a month, so the month rules are visible.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../source/api/errors.js';
import { type Series, type StatsPeriod, statsPeriods } from '../../source/api/schemas.js';
import { parseStatsTimestamp } from '../../source/api/timestamp.js';
import { localIndex } from '../../source/local/service-indexes.js';
import { conformant } from '../support/conformance.js';
import { waitUntil } from '../support/wait.js';
import { basic, bearer, type Fixture, raw, type Sink, startFixture, startSink } from './helpers.js';

const base = Date.UTC(2026, 2, 15, 10, 17, 5, 250); // a Sunday in March (31 days)
const started = Date.now();
const clock = { now: () => base + (Date.now() - started) };

let fx: Fixture;
let sink: Sink;
let failing: Sink;

beforeAll(async () => {
	fx = await startFixture({ clock, limits: { max_retries: 3 } });
	sink = await startSink((_r, _i, res) => void res.end('ok'));
	failing = await startSink((_r, _i, res) => {
		res.statusCode = 500;
		res.end('no');
	});
});

afterAll(async () => {
	await fx.close();
	await sink.close();
	await failing.close();
});

const minute = 60_000;
/** 60 points period/60 apart, but 240 points 3 hours apart for 30d (docs/protocol/statistics.md#periods). */
const expected: Record<StatsPeriod, { points: number; spacingMs: number }> = {
	'1h': { points: 60, spacingMs: minute },
	'3h': { points: 60, spacingMs: 3 * minute },
	'12h': { points: 60, spacingMs: 12 * minute },
	'1d': { points: 60, spacingMs: 24 * minute },
	'3d': { points: 60, spacingMs: 72 * minute },
	'7d': { points: 60, spacingMs: 168 * minute },
	'30d': { points: 240, spacingMs: 180 * minute },
};

function checkPeriodSeries(series: Series, period: StatsPeriod, now: number) {
	const { points, spacingMs } = expected[period];
	expect(series).toHaveLength(points);
	const times = series.map((p) => parseStatsTimestamp(p.x)!);
	for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBe(spacingMs);
	const newest = times.at(-1)!;
	expect(newest).toBeLessThanOrEqual(now);
	expect(now).toBeLessThan(newest + spacingMs + 5000);
}

describe('accounts', () => {
	it('lists the one account with every field of the resource', async () => {
		const [user, ...rest] = await conformant(fx.client).listUsers();
		expect(rest).toEqual([]);
		expect(user).toMatchObject({
			id: fx.service.accountId,
			token: fx.service.token,
			customer_id: fx.service.email,
			active: true,
			state: 'active',
			max_retries: 3,
			max_message_size: 1_048_576,
			prometheus_enabled: 'false',
		});
		expect(user!.creation_time).toBe(Math.floor(base / 1000));
	});

	it('takes Basic credentials on the management API and Bearer on the messaging API only', async () => {
		const users = `${fx.service.managementUrl}/v2/mq/users`;
		expect((await raw(users)).status).toBe(401);
		expect((await raw(users, { headers: bearer(fx.service) })).status).toBe(401);
		const wrong = { authorization: `Basic ${Buffer.from(`${fx.service.email}:nope`).toString('base64')}` };
		const refused = await raw(users, { headers: wrong });
		expect(refused.status).toBe(401);
		expect(refused.json()).toEqual({ error: 'wrong email or API key' });
		expect((await raw(users, { headers: basic(fx.service) })).status).toBe(200);
		const keys = `${fx.service.queueUrl}/v2/keys`;
		expect((await raw(keys, { headers: basic(fx.service) })).status).toBe(401);
		expect((await raw(keys, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
		expect((await raw(keys, { headers: bearer(fx.service) })).status).toBe(200);
	});
});

describe('usage statistics', () => {
	it('has the series shapes of every period', async () => {
		for (const period of statsPeriods) {
			const stats = await conformant(fx.client).getMqStats(fx.service.accountId, period);
			const now = clock.now();
			for (const series of [stats.daily_used, stats.daily_used_workflow, stats.daily_bandwidth_used])
				checkPeriodSeries(series, period, now);
			for (const named of [...stats.daily_qstash_messages, ...stats.daily_workflow_messages])
				checkPeriodSeries(named.data_points, period, now);
			expect(stats.days).toHaveLength(31);
			expect(stats.days[0]).toBe('Sunday');
			expect(stats.days[30]).toBe('Tuesday');
			for (const daily of [stats.daily_requests, stats.daily_billings, stats.daily_bandwidths]) {
				expect(daily).toHaveLength(31);
				expect(daily[0]!.x).toBe('2026-03-01 00:00:00.000 +0000 UTC');
				expect(daily[30]!.x).toBe('2026-03-31 00:00:00.000 +0000 UTC');
			}
		}
	});

	it('counts requests, outcomes, bandwidth, billing and dead letters as they happen', async () => {
		const publish = (url: string, options = {}) =>
			fx.client.publish({ destination: url, body: 'abc', options });
		for (let i = 0; i < 3; i++) await publish(`${sink.url}/ok`);
		await publish(`${failing.url}/no`, { retries: 1, retryDelay: '10' });
		const cancelled = await publish(`${sink.url}/later`, { delayMs: 60_000 });
		if (cancelled.kind === 'url') await fx.client.messages.cancelOne(cancelled.result.messageId);
		await conformant(fx.client).batchTrigger([{ destination: `${sink.url}/wf`, body: 'abc' }]);
		await sink.waitFor(4);
		await failing.waitFor(2);

		const stats = await waitUntil(async () => {
			const s = await conformant(fx.client).getMqStats(fx.service.accountId, '1h');
			return s.dlq_message_count === 1 && lastOf(s.daily_qstash_messages, 'delivered') === 4 ? s : undefined;
		});
		expect(stats.daily_used.at(-1)!.y).toBe(6);
		expect(lastOf(stats.daily_qstash_messages, 'retry')).toBe(1);
		expect(lastOf(stats.daily_qstash_messages, 'failed')).toBe(1);
		expect(lastOf(stats.daily_qstash_messages, 'cancelled')).toBe(1);
		expect(lastOf(stats.daily_workflow_messages, 'run_started')).toBe(1);
		expect(lastOf(stats.daily_workflow_messages, 'delivered')).toBe(1);
		expect(stats.daily_used_workflow.at(-1)!.y).toBe(1);
		// 5 attempts sent "abc" (3 bytes), the run's first call its steps so far; "ok"/"no" came back.
		const runCall = sink.received.find((r) => r.url === '/wf')!.body.length;
		const bandwidth = 5 * 3 + runCall + 6 * 2;
		expect(stats.daily_bandwidth_used.at(-1)!.y).toBe(bandwidth);
		const today = stats.daily_requests[14]!;
		expect(today).toMatchObject({ y: 6, workflow_message: 1, workflow_run: 1 });
		expect(stats.daily_requests[15]).toMatchObject({ y: 0, workflow_message: 0, workflow_run: 0 });
		expect(stats.daily_billings[14]!.y).toBeCloseTo(6 / 100_000, 12);
		expect(stats.total_monthly_billing).toBeCloseTo(6 / 100_000, 12);
		expect(stats.daily_bandwidths[14]!.y).toBe(bandwidth);
		expect(stats.daily_used.slice(0, -1).every((p) => p.y === 0)).toBe(true);
	});

	it('refuses an unknown period with 400 and an unknown account with 404', async () => {
		const url = `${fx.service.managementUrl}/v2/mq/stats/${fx.service.accountId}?period=2h`;
		const response = await raw(url, { headers: basic(fx.service) });
		expect(response.status).toBe(400);
		expect(response.json()).toEqual({ error: expect.stringContaining('"2h"') });
		await expect(conformant(fx.client).getMqStats('nobody')).rejects.toMatchObject({ status: 404 });
	});
});

describe('indexes', () => {
	it('reports the vector index statistics with zero traffic in the right shapes', async () => {
		for (const period of statsPeriods) {
			const stats = await conformant(fx.client).getVectorStats(localIndex(fx.service, 'dense').id, period);
			const now = clock.now();
			for (const field of [
				'query_throughput',
				'update_throughput',
				'query_latency_mean',
				'query_latency_99',
				'vector_count',
				'data_size',
				'rerank_latency_99',
			] as const) {
				checkPeriodSeries(stats[field], period, now);
			}
			expect(stats.days).toHaveLength(31);
			expect(stats.daily_query_requests).toHaveLength(31);
			expect(stats.current_vector_count).toBe(0);
			expect(stats.monthly_cost).toBe(0);
		}
		await expect(conformant(fx.client).getVectorStats('nope')).rejects.toMatchObject({ status: 404 });
	});

	it('reports the search index', async () => {
		const index = await conformant(fx.client).getSearchIndex(localIndex(fx.service, 'search').id);
		expect(index).toMatchObject({
			id: localIndex(fx.service, 'search').id,
			customer_id: fx.service.email,
			max_daily_queries: -1,
		});
		checkPeriodSeries(index.throughput_vector, '1h', clock.now());
		const missing = await conformant(fx.client)
			.getSearchIndex('nope')
			.catch((e: ApiError) => e);
		expect(missing).toBeInstanceOf(ApiError);
		expect((missing as ApiError).status).toBe(404);
	});
});

function lastOf(named: { id: string; data_points: Series }[], id: string): number | null | undefined {
	return named.find((n) => n.id === id)?.data_points.at(-1)?.y;
}
