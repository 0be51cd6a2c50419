/**
 * The index demo traffic against the local service: it reaches both data planes through the
 * typed clients, the statistics count exactly what it did, it keeps its records bounded, and
 * it stops.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localIndexConnections, startIndexTraffic } from '../../source/demo/index-traffic.js';
import { localIndex } from '../../source/local/service-indexes.js';
import { type Fixture, startFixture } from '../local/helpers.js';
import { conformant } from '../support/conformance.js';
import { seededRandom } from '../support/seeded-random.js';
import { waitUntil } from '../support/wait.js';

let fx: Fixture;
beforeAll(async () => {
	fx = await startFixture({ vectorDimension: 16 });
});
afterAll(() => fx.close());

describe('index demo traffic', () => {
	it('moves both indexes, stays bounded, and stops', async () => {
		const errors: unknown[] = [];
		const traffic = await startIndexTraffic({
			...(await localIndexConnections(fx.service, fx.client)),
			operationsPerSecond: 200,
			maxRecords: 12,
			random: seededRandom(3),
			onError: (error) => errors.push(error),
		});
		try {
			// Enough rounds that both indexes had to delete their oldest records.
			await waitUntil(
				() => (traffic.counts.searchUpdates > 14 && traffic.counts.vectorQueries > 10 ? true : undefined),
				15_000,
				() => JSON.stringify(traffic.counts),
			);
		} finally {
			await traffic.stop();
		}
		expect(errors).toEqual([]);
		const counts = { ...traffic.counts };
		const vector = await conformant(fx.client).getVectorStats(localIndex(fx.service, 'dense').id);
		expect(vector.daily_query_count).toBe(counts.vectorQueries);
		expect(vector.daily_update_count).toBe(counts.vectorUpdates);
		expect(vector.current_vector_count).toBeGreaterThan(0);
		expect(vector.current_vector_count).toBeLessThanOrEqual(12);
		expect(vector.query_latency_mean.some((p) => (p.y ?? 0) > 0)).toBe(true);

		const search = await conformant(fx.client).getSearchIndex(localIndex(fx.service, 'search').id);
		const served = search.throughput_vector.reduce((sum, p) => sum + (p.y ?? 0), 0) * 60;
		expect(served).toBeCloseTo(counts.searchQueries + counts.searchUpdates, 6);

		// Stopped means stopped: nothing more arrives.
		await new Promise((resolve) => setTimeout(resolve, 50));
		expect(traffic.counts).toEqual(counts);
		expect(
			(await conformant(fx.client).getVectorStats(localIndex(fx.service, 'dense').id)).daily_query_count,
		).toBe(counts.vectorQueries);
	});

	it('reports errors and keeps going when an index cannot be reached', async () => {
		const errors: unknown[] = [];
		const traffic = await startIndexTraffic({
			vector: {
				endpoint: `${localIndex(fx.service, 'dense').url}`,
				token: 'wrong',
				retry: { retries: 0, baseDelayMs: 1, maxDelayMs: 1 },
			},
			search: { endpoint: `${fx.service.queueUrl}/search/nope`, token: 'wrong' },
			operationsPerSecond: 200,
			onError: (error) => errors.push(error),
		});
		await waitUntil(
			() => (errors.length >= 6 ? true : undefined),
			10_000,
			() => `${errors.length} errors`,
		);
		await traffic.stop();
		expect(traffic.counts.errors).toBe(errors.length);
		expect(traffic.counts.vectorQueries + traffic.counts.searchQueries).toBe(0);
		expect(errors.map((e) => (e as { status?: number }).status)).toContain(401);
		expect(errors.map((e) => (e as { status?: number }).status)).toContain(404);
	});
});
