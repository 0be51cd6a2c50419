/**
 * The local vector indexes driven by the vendor's own SDK (@upstash/vector) over loopback, as
 * an app would: namespaces, numeric ids, data, every filter operator, update modes, fetch and
 * delete by prefix and filter, batch and resumable queries, sparse and hybrid indexes with
 * both fusions, text upserted and queried, and refusals with their messages.
 */
import { FusionAlgorithm, Index, QueryMode, WeightingStrategy } from '@upstash/vector';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LocalService } from '../../../../source/local/service.js';
import { startLocalService } from '../../../../source/local/service.js';
import { localIndex } from '../../../../source/local/service-indexes.js';

let service: LocalService;
let dense: Index;
let sparse: Index;
let hybrid: Index;

const dimension = 4;

beforeAll(async () => {
	service = await startLocalService({ vectorDimension: dimension, hybridDimension: 2 });
	const retry = false as const;
	dense = new Index({
		url: localIndex(service, 'dense').url,
		token: localIndex(service, 'dense').token,
		retry,
	});
	sparse = new Index({
		url: localIndex(service, 'sparse').url,
		token: localIndex(service, 'sparse').token,
		retry,
	});
	hybrid = new Index({
		url: localIndex(service, 'hybrid').url,
		token: localIndex(service, 'hybrid').token,
		retry,
	});
});
afterAll(() => service.close());
beforeEach(async () => {
	await Promise.all([dense.reset({ all: true }), sparse.reset({ all: true }), hybrid.reset({ all: true })]);
});

async function refusal(work: Promise<unknown>): Promise<string> {
	const error = await work.then(
		() => undefined,
		(e: unknown) => e,
	);
	expect(error).toBeInstanceOf(Error);
	return (error as Error).message;
}

describe('dense index through @upstash/vector', () => {
	it('takes numeric and string ids, answers ids as strings, keeps data and returns floats as sent', async () => {
		// Data beside a vector: the service takes it, this SDK version's types do not list it.
		const withData = { id: 1, vector: [0.1, 0.2, 0.3, 0.6], metadata: { n: 1 }, data: 'one' } as {
			id: number;
			vector: number[];
		};
		await dense.upsert([withData, { id: 'two', vector: [0.6, 0.1, 0.2, 0.3] }]);
		expect(
			await dense.fetch(['1', 'two', '3'], {
				includeVectors: true,
				includeMetadata: true,
				includeData: true,
			}),
		).toEqual([
			{ id: '1', vector: [0.1, 0.2, 0.3, 0.6], metadata: { n: 1 }, data: 'one' },
			{ id: 'two', vector: [0.6, 0.1, 0.2, 0.3] },
			null,
		]);
		expect(await dense.fetch([1])).toEqual([{ id: '1' }]);
		const [best] = await dense.query({ vector: [0.1, 0.2, 0.3, 0.6], topK: 1, includeData: true });
		expect(best).toEqual({ id: '1', score: 1, data: 'one' });
	});

	it('keeps namespaces apart, lists them and deletes them', async () => {
		await dense.upsert({ id: 'a', vector: [1, 0, 0, 0] }, { namespace: 'ns-1' });
		await dense.namespace('ns-2').upsert({ id: 'a', vector: [0, 1, 0, 0], metadata: { ns: 2 } });
		const [one] = await dense
			.namespace('ns-1')
			.query({ vector: [0, 1, 0, 0], topK: 5, includeVectors: true });
		expect(one).toMatchObject({ id: 'a', vector: [1, 0, 0, 0] });
		expect((await dense.namespace('ns-2').fetch(['a'], { includeMetadata: true }))[0]?.metadata).toEqual({
			ns: 2,
		});
		expect(await dense.fetch(['a'])).toEqual([null]);
		expect(await dense.listNamespaces()).toEqual(['', 'ns-1', 'ns-2']);
		expect(await dense.info()).toMatchObject({
			vectorCount: 2,
			pendingVectorCount: 0,
			dimension,
			similarityFunction: 'COSINE',
			indexType: 'DENSE',
			denseIndex: { dimension, similarityFunction: 'COSINE', embeddingModel: 'LOCAL_LEXICAL_HASH' },
			namespaces: { '': { vectorCount: 0 }, 'ns-1': { vectorCount: 1 }, 'ns-2': { vectorCount: 1 } },
		});
		expect(await dense.deleteNamespace('ns-1')).toBe('Success');
		expect(await dense.listNamespaces()).toEqual(['', 'ns-2']);
		expect(await refusal(dense.deleteNamespace('ns-1'))).toContain('does not exist');
		await dense.reset({ namespace: 'ns-2' });
		expect((await dense.info()).namespaces['ns-2']).toEqual({ vectorCount: 0, pendingVectorCount: 0 });
	});

	it('filters with every operator', async () => {
		const records = [
			{
				id: 'ist',
				metadata: {
					city: 'Istanbul',
					pop: 15,
					capital: false,
					geo: { continent: 'Asia' },
					tags: ['sea', 'old'],
				},
			},
			{
				id: 'ank',
				metadata: { city: 'Ankara', pop: 5, capital: true, geo: { continent: 'Asia' }, tags: ['old'] },
			},
			{
				id: 'ber',
				metadata: { city: 'Berlin', pop: 4, capital: true, geo: { continent: 'Europe' }, tags: [] },
			},
			{ id: 'bare' },
		];
		await dense.upsert(records.map((r, i) => ({ ...r, vector: [1, i, 0, 1] })));
		const ids = async (filter: string) =>
			(await dense.query({ vector: [1, 1, 1, 1], topK: 10, filter })).map((m) => m.id).sort();
		expect(await ids("city = 'Ankara'")).toEqual(['ank']);
		expect(await ids("city != 'Ankara'")).toEqual(['ber', 'ist']);
		expect(await ids('pop < 5')).toEqual(['ber']);
		expect(await ids('pop <= 5')).toEqual(['ank', 'ber']);
		expect(await ids('pop > 5')).toEqual(['ist']);
		expect(await ids('pop >= 5')).toEqual(['ank', 'ist']);
		expect(await ids("city GLOB 'A*'")).toEqual(['ank']);
		expect(await ids("city NOT GLOB '*n'")).toEqual(['ank', 'ist']);
		expect(await ids("city IN ('Berlin', 'Ankara')")).toEqual(['ank', 'ber']);
		expect(await ids("city NOT IN ('Berlin', 'Ankara')")).toEqual(['ist']);
		expect(await ids("tags CONTAINS 'old'")).toEqual(['ank', 'ist']);
		expect(await ids("tags NOT CONTAINS 'sea'")).toEqual(['ank', 'ber']);
		expect(await ids('HAS FIELD geo.continent')).toEqual(['ank', 'ber', 'ist']);
		expect(await ids('HAS NOT FIELD city')).toEqual(['bare']);
		expect(await ids("geo.continent = 'Asia' AND capital = true")).toEqual(['ank']);
		expect(await ids("capital = 1 OR tags[0] = 'sea'")).toEqual(['ank', 'ber', 'ist']);
		expect(await ids("tags[#-1] = 'old' AND NOT city = 'Ankara'")).toEqual(['ist']);
		expect(await refusal(ids("city = 'x"))).toContain(
			'filter: the string that starts at position 8 is not closed',
		);
	});

	it('updates vectors, data and metadata by overwrite or merge patch', async () => {
		await dense.upsert({ id: 'u', vector: [1, 0, 0, 0], metadata: { a: 1, b: { c: 2, d: 3 } }, data: 'x' });
		expect(
			await dense.update({ id: 'u', metadata: { b: { c: null, e: 4 }, f: 5 }, metadataUpdateMode: 'PATCH' }),
		).toEqual({
			updated: 1,
		});
		expect((await dense.fetch(['u'], { includeMetadata: true }))[0]?.metadata).toEqual({
			a: 1,
			b: { d: 3, e: 4 },
			f: 5,
		});
		await dense.update({ id: 'u', metadata: { only: true } });
		expect((await dense.fetch(['u'], { includeMetadata: true }))[0]?.metadata).toEqual({ only: true });
		await dense.update({ id: 'u', vector: [0, 0, 1, 0] });
		expect((await dense.fetch(['u'], { includeVectors: true, includeData: true }))[0]).toEqual({
			id: 'u',
			vector: [0, 0, 1, 0],
			data: 'x',
		});
		expect(await dense.update({ id: 'nobody', metadata: { a: 1 } })).toEqual({ updated: 0 });
	});

	it('fetches, ranges and deletes by id, prefix and filter', async () => {
		await dense.upsert(
			['p-1', 'p-2', 'q-1', 'p-3'].map((id, i) => ({
				id,
				vector: [1, i, 0, 0],
				metadata: { odd: i % 2 === 1 },
			})),
		);
		expect((await dense.fetch({ prefix: 'p-' })).map((v) => v?.id)).toEqual(['p-1', 'p-2', 'p-3']);
		const first = await dense.range({ cursor: 0, limit: 2, prefix: 'p-' });
		expect(first.vectors.map((v) => v.id)).toEqual(['p-1', 'p-2']);
		const second = await dense.range({ cursor: first.nextCursor, limit: 2, prefix: 'p-' });
		expect(second).toEqual({ nextCursor: '', vectors: [{ id: 'p-3' }] });
		expect(await dense.delete({ filter: 'odd = true' })).toEqual({ deleted: 2 });
		expect(await dense.delete({ prefix: 'p-' })).toEqual({ deleted: 1 });
		expect(await dense.delete(['q-1', 'gone'])).toEqual({ deleted: 1 });
		expect(await dense.delete('gone')).toEqual({ deleted: 0 });
		expect(await refusal(dense.delete({ ids: ['a'], prefix: 'p' }))).toContain(
			'Only and only one of the ids, prefix, or filter must be provided.',
		);
		expect(await refusal(dense.fetch({ ids: ['a'], prefix: 'p' }))).toContain(
			'Only one of ids or prefix must be provided.',
		);
	});

	it('answers batch queries one list per query', async () => {
		await dense.upsert([
			{ id: 'x', vector: [1, 0, 0, 0] },
			{ id: 'y', vector: [0, 1, 0, 0] },
		]);
		const [forX, forY] = await dense.queryMany([
			{ vector: [1, 0, 0, 0], topK: 1 },
			{ vector: [0, 1, 0, 0], topK: 1 },
		]);
		expect(forX).toEqual([{ id: 'x', score: 1 }]);
		expect(forY).toEqual([{ id: 'y', score: 1 }]);
		expect(await dense.queryMany([{ vector: [0, 1, 0, 0], topK: 1 }])).toEqual([[{ id: 'y', score: 1 }]]);
	});

	it('resumes a query batch by batch and refuses it once stopped', async () => {
		await dense.upsert(Array.from({ length: 5 }, (_, i) => ({ id: `r${i}`, vector: [1, i, 0, 0] })));
		const { result, fetchNext, stop } = await dense.resumableQuery({
			vector: [1, 0, 0, 0],
			topK: 2,
			maxIdle: 60,
		});
		expect(result.map((m) => m.id)).toEqual(['r0', 'r1']);
		expect((await fetchNext(2)).map((m) => m.id)).toEqual(['r2', 'r3']);
		expect((await fetchNext(5)).map((m) => m.id)).toEqual(['r4']);
		expect(await fetchNext(1)).toEqual([]);
		expect(await stop()).toBe('Success');
		expect(() => fetchNext(1)).toThrow('The resumable query has already been stopped');
	});

	it('embeds text offline: upsert-data and query-data find text again by its words', async () => {
		await dense.upsert([
			{ id: 'cat', data: 'the cat sat on the mat', metadata: { kind: 'pet' } },
			{ id: 'rocket', data: 'rockets fly to orbit', metadata: { kind: 'space' } },
		]);
		const [best] = await dense.query({
			data: 'a cat on a mat',
			topK: 1,
			includeData: true,
			includeMetadata: true,
		});
		expect(best).toMatchObject({ id: 'cat', data: 'the cat sat on the mat', metadata: { kind: 'pet' } });
		const [same] = await dense.query({ data: 'rockets fly to orbit', topK: 1 });
		expect(same).toEqual({ id: 'rocket', score: 1 });
		await dense.update({ id: 'cat', data: 'orbit rockets' });
		const [moved] = await dense.query({
			data: 'rockets to orbit',
			topK: 2,
			filter: "kind = 'pet'",
			includeData: true,
		});
		expect(moved).toMatchObject({ id: 'cat', data: 'orbit rockets' });
	});

	it('refuses what it cannot store, naming the limit, and stores nothing of the batch', async () => {
		expect(await refusal(dense.upsert({ id: 'w', vector: [1, 2] }))).toContain(
			'has 2 dimensions; this index has 4',
		);
		expect(
			await refusal(dense.upsert({ id: 'big', vector: [1, 0, 0, 0], metadata: { x: 'y'.repeat(50_000) } })),
		).toContain('at most 49152 (48 KB)');
		expect(
			await refusal(
				dense.upsert([
					{ id: 'ok', vector: [1, 0, 0, 0] },
					// @ts-expect-error an id must be a string or a number
					{ id: true, vector: [1, 0, 0, 0] },
				]),
			),
		).toContain('an id must be a non-empty string or a number');
		expect(await refusal(dense.query({ sparseVector: { indices: [1], values: [1] }, topK: 1 }))).toContain(
			'this is a dense index',
		);
		expect((await dense.info()).vectorCount).toBe(0);
	});
});

describe('sparse index through @upstash/vector', () => {
	const records = [
		{ id: 'id0', sparseVector: { indices: [0, 1], values: [0.1, 0.2] } },
		{ id: 'id1', sparseVector: { indices: [1, 2], values: [0.2, 0.3] }, metadata: { key: 'value' } },
		{ id: 'id2', sparseVector: { indices: [2, 3], values: [0.3, 0.4] }, metadata: { key: 'value' } },
	];

	it('scores by dot product, weighted by IDF when asked, as the vendor documents', async () => {
		await sparse.upsert(records, { namespace: 's' });
		const plain = await sparse.query(
			{ sparseVector: { indices: [0, 1], values: [0.1, 0.2] }, topK: 5 },
			{ namespace: 's' },
		);
		expect(plain).toEqual([
			{ id: 'id0', score: 0.05 },
			{ id: 'id1', score: 0.04 },
		]);
		const weighted = await sparse.query(
			{
				sparseVector: { indices: [0, 1], values: [0.1, 0.2] },
				topK: 5,
				weightingStrategy: WeightingStrategy.IDF,
			},
			{ namespace: 's' },
		);
		// ln(1 + (N - n + 0.5) / (n + 0.5)) with N = 3: dimension 0 is in one vector, 1 in two.
		expect(weighted).toEqual([
			{ id: 'id0', score: 0.028608438 },
			{ id: 'id1', score: 0.018800145 },
		]);
		expect(
			await sparse.query(
				{
					sparseVector: { indices: [3], values: [1] },
					topK: 5,
					filter: "key = 'value'",
					includeVectors: true,
				},
				{ namespace: 's' },
			),
		).toEqual([{ id: 'id2', score: 0.4, sparseVector: { indices: [2, 3], values: [0.3, 0.4] } }]);
	});

	it('embeds text with the local BM25 model', async () => {
		await sparse.upsert([
			{ id: 'a', data: 'hello world' },
			{ id: 'b', data: 'hello upstash world of vectors' },
		]);
		const [best] = await sparse.query({ data: 'upstash', topK: 2, includeData: true });
		expect(best).toMatchObject({ id: 'b', data: 'hello upstash world of vectors' });
		expect((await sparse.info()).sparseIndex).toEqual({ embeddingModel: 'LOCAL_BM25' });
	});

	it('refuses dense vectors and malformed sparse ones, and sums an index given twice', async () => {
		expect(await refusal(sparse.upsert({ id: 'x', vector: [1, 2] }))).toContain('needs a sparseVector');
		await sparse.upsert({ id: 'x', sparseVector: { indices: [4, 1, 4], values: [1, 2, 0.5] } });
		expect(await sparse.fetch(['x'], { includeVectors: true })).toEqual([
			{ id: 'x', sparseVector: { indices: [1, 4], values: [2, 1.5] } },
		]);
		expect(
			await refusal(sparse.upsert({ id: 'x', sparseVector: { indices: [1], values: [1, 2] } })),
		).toContain('the counts must match');
	});
});

describe('hybrid index through @upstash/vector', () => {
	const records = [
		{ id: 'id0', vector: [0.1, 0.2], sparseVector: { indices: [0, 1], values: [0.1, 0.2] } },
		{
			id: 'id1',
			vector: [0.2, 0.3],
			sparseVector: { indices: [1, 2], values: [0.2, 0.3] },
			metadata: { key: 'value' },
		},
		{
			id: 'id2',
			vector: [0.3, 0.4],
			sparseVector: { indices: [2, 3], values: [0.3, 0.4] },
			metadata: { key: 'value' },
			data: 'data',
		},
	];

	it('fuses dense and sparse rankings by RRF (by default) and DBSF', async () => {
		await hybrid.upsert(records, { namespace: 'h' });
		const rrf = await hybrid.query(
			{ vector: [0.5, 0.1], sparseVector: { indices: [0, 1], values: [0.5, 0.1] }, topK: 1 },
			{ namespace: 'h' },
		);
		// id0 is first in the sparse ranking and third in the dense one: 1/60 + 1/62.
		expect(rrf).toEqual([{ id: 'id0', score: 0.032795697 }]);
		const rrfExplicit = await hybrid.query(
			{
				vector: [0.1, 0.1],
				sparseVector: { indices: [3, 4], values: [0.1, 0.2] },
				topK: 1,
				fusionAlgorithm: FusionAlgorithm.RRF,
			},
			{ namespace: 'h' },
		);
		expect(rrfExplicit).toEqual([{ id: 'id2', score: 0.033333335 }]);
		const resumable = await hybrid.resumableQuery(
			{
				vector: [0.1, 0.1],
				sparseVector: { indices: [0], values: [0.1] },
				topK: 2,
				fusionAlgorithm: FusionAlgorithm.DBSF,
				weightingStrategy: WeightingStrategy.IDF,
				maxIdle: 60,
			},
			{ namespace: 'h' },
		);
		expect(resumable.result).toEqual([
			{ id: 'id2', score: 0.617851 },
			{ id: 'id0', score: 0.5 },
		]);
		expect(await resumable.fetchNext(1)).toEqual([{ id: 'id1', score: 0.5 }]);
		await resumable.stop();
	});

	it('queries one part alone, with vectors or with text and a query mode', async () => {
		await hybrid.upsert(records, { namespace: 'h' });
		const sparseOnly = await hybrid.query(
			{
				sparseVector: { indices: [2, 3], values: [0.5, 0.5] },
				topK: 1,
				weightingStrategy: WeightingStrategy.IDF,
				includeMetadata: true,
			},
			{ namespace: 'h' },
		);
		expect(sparseOnly).toEqual([{ id: 'id2', score: 0.26666638, metadata: { key: 'value' } }]);
		await hybrid.upsert([{ id: 't', data: 'hello world upstash' }], { namespace: 'text' });
		const [found] = await hybrid.query(
			{ data: 'upstash', topK: 3, includeData: true, queryMode: QueryMode.SPARSE },
			{ namespace: 'text' },
		);
		expect(found).toMatchObject({ id: 't', data: 'hello world upstash' });
	});

	it('needs both parts on upsert and on update', async () => {
		expect(await refusal(hybrid.upsert({ id: 'x', vector: [1, 2] }))).toContain(
			'needs a sparseVector besides the vector',
		);
		await hybrid.upsert(records);
		expect(await refusal(hybrid.update({ id: 'id0', vector: [1, 1] }))).toContain(
			'vector and sparseVector together',
		);
		await hybrid.update({
			id: 'id1',
			vector: [0.5, 0.6],
			sparseVector: { indices: [6, 7], values: [0.5, 0.6] },
		});
		expect((await hybrid.fetch(['id1'], { includeVectors: true }))[0]).toEqual({
			id: 'id1',
			vector: [0.5, 0.6],
			sparseVector: { indices: [6, 7], values: [0.5, 0.6] },
		});
		expect(await hybrid.info()).toMatchObject({ indexType: 'HYBRID', dimension: 2 });
	});
});
