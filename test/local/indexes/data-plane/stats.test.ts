/**
 * The statistics of both indexes, as the management API reports them, against the operations
 * this test made over their data planes: counts and bytes exactly, latencies within the
 * round trips the test measured, levels over time, series shapes. The service runs on a clock
 * the test moves, so every operation lands in a known interval.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Series, statsPeriods } from '../../../../source/api/schemas.js';
import { formatStatsTimestamp } from '../../../../source/api/timestamp.js';
import { localIndex } from '../../../../source/local/service-indexes.js';
import { conformant } from '../../../support/conformance.js';
import { type Fixture, raw, startFixture } from '../../helpers.js';

const minute = 60_000;
const base = Date.UTC(2026, 2, 15, 10, 17, 5, 250); // March: 31 days; the 15th is index 14
let now = base;
const clock = { now: () => now };
const dimension = 8;

interface Done {
	status: number;
	ms: number;
	bytes: number;
}

/** One data-plane request, timed from the outside; `bytes` is what the service should count. */
async function call(url: string, token: string, method: string, body?: unknown): Promise<Done> {
	const text = body === undefined ? undefined : JSON.stringify(body);
	const started = performance.now();
	const response = await raw(url, {
		method,
		headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
		...(text === undefined ? {} : { body: text }),
	});
	const ms = performance.now() - started;
	return {
		status: response.status,
		ms,
		bytes: Buffer.byteLength(text ?? '') + Buffer.byteLength(response.text),
	};
}

function at(series: Series, t: number): number | null | undefined {
	const x = formatStatsTimestamp(Math.floor(t / minute) * minute);
	return series.find((p) => p.x === x)?.y;
}

let fx: Fixture;
beforeAll(async () => {
	fx = await startFixture({ clock, vectorDimension: dimension, vectorSimilarity: 'DOT_PRODUCT' });
});
afterAll(() => fx.close());

describe('vector index statistics', () => {
	const queries: Done[] = [];
	const updates: Done[] = [];
	const records = (from: number, count: number) =>
		Array.from({ length: count }, (_, i) => ({
			id: `id-${from + i}`,
			vector: Array.from({ length: dimension }, (_, j) => (from + i + j) / 10),
			metadata: { n: from + i },
		}));
	let storedBytes = 0;

	it('counts what the data plane served, and only that', async () => {
		const { url, token, readOnlyToken: readOnly } = localIndex(fx.service, 'dense');
		const counted = async (into: Done[], done: Promise<Done>) => {
			const result = await done;
			expect(result.status).toBe(200);
			into.push(result);
		};
		// Minute 10:17: 5 vectors in, four reads.
		await counted(updates, call(`${url}/upsert`, token, 'POST', records(0, 5)));
		for (let i = 0; i < 3; i++)
			await counted(
				queries,
				call(`${url}/query`, readOnly, 'POST', { vector: records(i, 1)[0]!.vector, topK: 3 }),
			);
		await counted(
			queries,
			call(`${url}/fetch`, token, 'POST', { ids: ['id-1', 'id-9'], includeVectors: true }),
		);
		// Not counted: info, refused and failed requests.
		expect((await call(`${url}/info`, token, 'GET')).status).toBe(200);
		expect((await call(`${url}/upsert`, readOnly, 'POST', records(5, 1))).status).toBe(403);
		expect((await call(`${url}/query`, token, 'POST', { vector: [1], topK: 3 })).status).toBe(400);
		expect((await call(`${url}/delete`, token, 'POST', { ids: 'nope' })).status).toBe(400);
		expect((await call(`${url}/info`, 'wrong', 'GET')).status).toBe(401);

		// Minute 10:19: 3 more in, one out, one range, a batch of two queries and one text query.
		now = base + 2 * minute;
		await counted(updates, call(`${url}/upsert`, token, 'POST', records(5, 3)));
		await counted(updates, call(`${url}/delete`, token, 'POST', ['id-0']));
		await counted(queries, call(`${url}/range`, readOnly, 'POST', { limit: 100 }));
		const probe = { vector: records(2, 1)[0]!.vector, topK: 1 };
		await counted(queries, call(`${url}/query`, readOnly, 'POST', [probe, probe]));
		await counted(queries, call(`${url}/query-data`, readOnly, 'POST', { data: 'some words', topK: 1 }));

		for (const r of records(1, 7))
			storedBytes += dimension * 4 + Buffer.byteLength(r.id) + Buffer.byteLength(JSON.stringify(r.metadata));

		const stats = await conformant(fx.client).getVectorStats(localIndex(fx.service, 'dense').id, '1h');
		expect(stats).toMatchObject({
			pending_index_count: 0,
			current_vector_count: 7,
			// A batch counts each query; upserts and deletes count the records they touch.
			daily_query_count: 8,
			daily_update_count: 9,
			monthly_query_count: 8,
			monthly_update_count: 9,
			storage_usage: storedBytes,
			monthly_bandwidth_usage: [...queries, ...updates].reduce((sum, d) => sum + d.bytes, 0),
			daily_rerank_count: 0,
			monthly_rerank_count: 0,
		});
		expect(stats.monthly_cost).toBeGreaterThan(0);
		expect(stats.days).toHaveLength(31);
		expect(stats.daily_query_requests.map((p) => p.y)).toEqual(
			Array.from({ length: 31 }, (_, i) => (i === 14 ? 8 : 0)),
		);
		expect(stats.daily_update_requests[14]!.y).toBe(9);
		expect(stats.daily_bandwidths[14]!.y).toBe(stats.monthly_bandwidth_usage);
	});

	it('reports throughput, latency and levels per interval', async () => {
		const stats = await conformant(fx.client).getVectorStats(localIndex(fx.service, 'dense').id, '1h');
		const first = base;
		const second = base + 2 * minute;
		expect(at(stats.query_throughput, first)).toBeCloseTo(4 / 60, 12);
		expect(at(stats.query_throughput, second)).toBeCloseTo(4 / 60, 12);
		expect(at(stats.update_throughput, first)).toBeCloseTo(5 / 60, 12);
		expect(at(stats.update_throughput, second)).toBeCloseTo(4 / 60, 12);
		expect(at(stats.query_throughput, base + minute)).toBe(0);
		const sum = (s: Series) => s.reduce((total, p) => total + (p.y ?? 0), 0);
		expect(sum(stats.query_throughput) * 60).toBeCloseTo(8, 9);

		// The service times the engine call alone, so it must stay within the round trip.
		const bound = (done: Done[]) => Math.max(...done.map((d) => d.ms));
		for (const [mean, p99, done] of [
			[stats.query_latency_mean, stats.query_latency_99, queries],
			[stats.update_latency_mean, stats.update_latency_99, updates],
		] as const) {
			for (const t of [first, second]) {
				const m = at(mean, t)!;
				const p = at(p99, t)!;
				expect(m).toBeGreaterThan(0);
				expect(m).toBeLessThanOrEqual(bound(done));
				// p99 is the upper edge of a 5% histogram bin.
				expect(p).toBeGreaterThanOrEqual(m * 0.95);
				expect(p).toBeLessThanOrEqual(bound(done) * 1.05 + 0.01);
			}
			expect(at(mean, base - 5 * minute)).toBe(0);
		}

		expect(at(stats.vector_count, base - minute)).toBe(0);
		expect(at(stats.vector_count, first)).toBe(5);
		expect(at(stats.vector_count, base + minute)).toBe(5);
		expect(at(stats.vector_count, second)).toBe(7);
		expect(at(stats.data_size, second)).toBe(storedBytes);
		expect(at(stats.data_size, first)).toBeGreaterThan(0);

		// The text query was embedded in the second minute, and only then.
		expect(at(stats.embeds_latency_mean, second)).toBeGreaterThan(0);
		expect(at(stats.embeds_latency_mean, first)).toBe(0);
		for (const field of ['rerank_latency_mean', 'rerank_latency_99'] as const)
			expect(stats[field].every((p) => p.y === 0)).toBe(true);
		expect(stats.daily_rerank_requests.every((p) => p.y === 0)).toBe(true);
	});

	it('gives every period its series shape', async () => {
		for (const period of statsPeriods) {
			const stats = await conformant(fx.client).getVectorStats(localIndex(fx.service, 'dense').id, period);
			const points = period === '30d' ? 240 : 60;
			for (const field of ['query_throughput', 'update_latency_99', 'vector_count', 'data_size'] as const)
				expect(stats[field], `${period} ${field}`).toHaveLength(points);
			expect(stats.vector_count.at(-1)!.y).toBe(7);
			expect(stats.daily_query_count).toBe(8);
		}
	});
});

describe('search index statistics', () => {
	it('derives throughput_vector from the requests served', async () => {
		now = base + 5 * minute;
		const resource = await conformant(fx.client).getSearchIndex(localIndex(fx.service, 'search').id);
		const { endpoint, token } = resource;
		expect(resource.throughput_vector.every((p) => p.y === 0)).toBe(true);
		const ok = async (done: Promise<Done>) => expect((await done).status).toBe(200);
		await ok(
			call(`${endpoint}/upsert-data/kb`, token, 'POST', [{ id: 'a', content: { text: 'alpha beta' } }]),
		);
		await ok(call(`${endpoint}/upsert-data/kb`, token, 'POST', { id: 'b', content: { text: 'beta gamma' } }));
		await ok(call(`${endpoint}/search/kb`, resource.read_only_token, 'POST', { query: 'beta' }));
		await ok(call(`${endpoint}/fetch/kb`, token, 'POST', ['a']));
		expect((await call(`${endpoint}/info`, token, 'GET')).status).toBe(200);
		expect((await call(`${endpoint}/list-namespaces`, token, 'POST')).status).toBe(200);
		expect((await call(`${endpoint}/search/kb`, token, 'POST', { query: '' })).status).toBe(400);

		const after = await conformant(fx.client).getSearchIndex(localIndex(fx.service, 'search').id);
		expect(after.throughput_vector).toHaveLength(60);
		expect(at(after.throughput_vector, now)).toBeCloseTo(4 / 60, 12);
		expect(after.throughput_vector.reduce((sum, p) => sum + (p.y ?? 0), 0) * 60).toBeCloseTo(4, 9);
	});
});
