/**
 * The account's totals of the Developer API over real HTTP (GET /v2/vector/index/stats, GET
 * /v2/search/stats): the sums over every vector index, or every search database, of what each
 * one's own statistics say (records and storage now; requests, bandwidth, billing and reranks
 * this month), read by the typed client with nothing odd in them; Basic auth as every management
 * request.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { IndexTotals } from '../../../source/api/index-totals.js';
import { VectorIndexStats } from '../../../source/api/schemas.js';
import { localIndex } from '../../../source/local/service-indexes.js';
import { conform } from '../../support/conformance.js';
import { basic, type Fixture, raw, startFixture } from '../helpers.js';

let fx: Fixture | undefined;
afterEach(async () => {
	await fx?.close();
	fx = undefined;
});

interface Made {
	id: string;
	endpoint: string;
	token: string;
}

async function management(fixture: Fixture, method: string, path: string, body?: unknown) {
	const answer = await raw(`${fixture.service.managementUrl}${path}`, {
		method,
		headers: { ...basic(fixture.service), 'content-type': 'application/json' },
		...(body === undefined ? {} : { body: JSON.stringify(body) }),
	});
	expect(answer.status, `${method} ${path}: ${answer.text}`).toBe(200);
	return answer.json();
}

async function dataPlane(endpoint: string, token: string, path: string, body: unknown): Promise<void> {
	const answer = await raw(`${endpoint}/${path}`, {
		method: 'POST',
		headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
		body: JSON.stringify(body),
	});
	expect(answer.status, `${path}: ${answer.text}`).toBe(200);
}

/** What the per-index statistics of these indexes add up to, in the totals' fields. */
async function summed(fixture: Fixture, paths: string[]): Promise<IndexTotals> {
	const all = await Promise.all(
		paths.map(async (path) => VectorIndexStats.parse(await management(fixture, 'GET', path))),
	);
	const sum = (of: (s: VectorIndexStats) => number) => all.reduce((total, s) => total + of(s), 0);
	return {
		record_count: sum((s) => s.current_vector_count),
		request: sum((s) => s.monthly_query_count + s.monthly_update_count),
		bandwidth: sum((s) => s.monthly_bandwidth_usage),
		storage: sum((s) => s.storage_usage),
		billing: sum((s) => s.monthly_cost),
		rerank_count: sum((s) => s.monthly_rerank_count),
	};
}

describe('the account totals of vector indexes', () => {
	it('sums every vector index, those made at start and those made since', async () => {
		fx = await startFixture();
		const { service, client } = fx;
		const dense = localIndex(service, 'dense');
		const made = (await management(fx, 'POST', '/v2/vector/index', {
			name: 'tiny',
			region: 'us-east-1',
			similarity_function: 'COSINE',
			dimension_count: 2,
		})) as Made;
		await dataPlane(made.endpoint, made.token, 'upsert', [
			{ id: 'a', vector: [1, 0], metadata: { n: 1 } },
			{ id: 'b', vector: [0, 1] },
			{ id: 'c', vector: [1, 1] },
		]);
		await dataPlane(made.endpoint, made.token, 'query', { vector: [1, 0], topK: 2 });
		const vector = Array.from({ length: 384 }, (_, i) => (i === 0 ? 1 : 0));
		await dataPlane(dense.url, dense.token, 'upsert', [{ id: 'd', vector }]);

		const totals = await conform(IndexTotals, client.management.indexTotals('vector'));
		const ids = (await management(fx, 'GET', '/v2/vector/index')) as { id: string }[];
		expect(ids.length).toBe(4);
		const expected = await summed(
			fx,
			ids.map((index) => `/v2/vector/index/${index.id}/stats`),
		);
		expect(totals).toEqual({ ...expected, billing: expect.closeTo(expected.billing, 12) });
		// Three records upserted, one query, and the dense index's record: by the billing rules.
		expect(totals).toMatchObject({ record_count: 4, request: 5, rerank_count: 0 });
		expect(totals.storage).toBeGreaterThan(0);
		expect(totals.bandwidth).toBeGreaterThan(0);
		expect(totals.billing).toBeGreaterThan(0);

		// A deleted index no longer counts.
		await management(fx, 'DELETE', `/v2/vector/index/${made.id}`);
		const after = await conform(IndexTotals, client.management.indexTotals('vector'));
		expect(after.record_count).toBe(1);

		// Basic auth, as every management request.
		for (const path of ['/v2/vector/index/stats', '/v2/search/stats'])
			expect((await raw(`${service.managementUrl}${path}`)).status, path).toBe(401);
	});
});

describe('the account totals of search databases', () => {
	it('sums every search database', async () => {
		fx = await startFixture();
		const { service, client } = fx;
		const start = localIndex(service, 'search');
		const made = (await management(fx, 'POST', '/v2/search', {
			name: 'docs',
			region: 'eu-west-1',
			type: 'payg',
		})) as Made;
		await dataPlane(made.endpoint, made.token, 'upsert-data/main', [
			{ id: 'd1', content: { title: 'hello world' } },
			{ id: 'd2', content: { title: 'goodbye world' } },
		]);
		await dataPlane(start.url, start.token, 'upsert-data/main', [{ id: 'd3', content: { title: 'hi' } }]);
		await dataPlane(made.endpoint, made.token, 'search/main', { query: 'world', topK: 5 });

		const totals = await conform(IndexTotals, client.management.indexTotals('search'));
		const expected = await summed(fx, [`/v2/search/${start.id}/stats`, `/v2/search/${made.id}/stats`]);
		expect(totals).toEqual({ ...expected, billing: expect.closeTo(expected.billing, 12) });
		expect(totals.record_count).toBe(3);
		expect(totals.request).toBeGreaterThan(0);
	});
});
