import { describe, expect, it } from 'vitest';
import { EngineError } from '../../../../source/local/indexes/common/engine-error.js';
import { compileFilter } from '../../../../source/local/indexes/common/filter/evaluate.js';
import { WorkMeter } from '../../../../source/local/indexes/common/filter/glob.js';
import { similarityFunctions } from '../../../../source/local/indexes/vector/similarity.js';
import { VectorStore } from '../../../../source/local/indexes/vector/store.js';
import { randomVector, seededRandom } from '../../../support/seeded-random.js';
import { rankingMismatch, referenceRanking } from '../../../support/vector-reference.js';

function engineError(fn: () => unknown): EngineError {
	try {
		fn();
	} catch (error) {
		if (error instanceof EngineError) return error;
		throw error;
	}
	throw new Error('expected an EngineError');
}

describe('VectorStore', () => {
	for (const similarity of similarityFunctions) {
		it(`ranks like a brute-force reference (${similarity}), through growth, replaces and deletes`, () => {
			const random = seededRandom(7);
			// Not a multiple of 4, so vectors are padded; 61 floats make the first 64 KiB page hold
			// fewer slots than the ~300 kept, so the slab grows on the way.
			const dimension = 61;
			const store = new VectorStore({ dimension, similarity, initialCapacity: 4 });
			const firstCapacity = store.capacity;
			const reference = new Map<string, number[]>();
			for (let batch = 0; batch < 6; batch++) {
				const records = Array.from({ length: 60 }, (_, i) => ({
					id: `v${batch * 60 + i}`,
					vector: randomVector(random, dimension),
				}));
				store.upsert(records);
				for (const r of records) reference.set(r.id, r.vector);
				// Delete some and replace some, so slots are freed and reused.
				const victims = [...reference.keys()].filter((_, i) => i % 7 === batch);
				store.delete(victims);
				for (const id of victims) reference.delete(id);
				const replaced = [...reference.keys()].filter((_, i) => i % 11 === batch);
				const updates = replaced.map((id) => ({ id, vector: randomVector(random, dimension) }));
				store.upsert(updates);
				for (const u of updates) reference.set(u.id, u.vector);
			}
			expect(store.size).toBe(reference.size);
			expect(store.capacity).toBeGreaterThan(firstCapacity);
			expect(firstCapacity).toBeLessThan(store.size);
			for (const k of [1, 10, reference.size + 5]) {
				for (let q = 0; q < 5; q++) {
					const query = randomVector(random, dimension);
					const actual = store.query({ vector: query, topK: Math.min(k, 1000) });
					const mismatch = rankingMismatch(actual, referenceRanking(similarity, reference, query), k);
					expect(mismatch).toBeUndefined();
				}
			}
		});
	}

	it('scores an identical vector 1 under cosine and euclidean', () => {
		for (const similarity of ['COSINE', 'EUCLIDEAN'] as const) {
			const store = new VectorStore({ dimension: 3, similarity });
			store.upsert([
				{ id: 'a', vector: [0.5, 0.25, -1] },
				{ id: 'b', vector: [-0.5, 0.25, 1] },
			]);
			const [best] = store.query({ vector: [0.5, 0.25, -1], topK: 1 });
			expect(best).toEqual({ id: 'a', score: 1 });
		}
	});

	it('returns vectors and metadata only when asked', () => {
		const store = new VectorStore({ dimension: 2, similarity: 'DOT_PRODUCT' });
		store.upsert([{ id: 'a', vector: [1, 0.5], metadata: { genre: 'sci-fi' } }]);
		expect(store.query({ vector: [1, 0], topK: 3 })).toEqual([{ id: 'a', score: 1 }]);
		expect(store.query({ vector: [1, 0], topK: 3, includeVectors: true, includeMetadata: true })).toEqual([
			{ id: 'a', score: 1, vector: [1, 0.5], metadata: { genre: 'sci-fi' } },
		]);
		expect(store.fetch(['a', 'zz'], { includeMetadata: true })).toEqual([
			{ id: 'a', metadata: { genre: 'sci-fi' } },
			null,
		]);
	});

	it('stores values as float32 and prints them in the fewest digits that read back the same', () => {
		const store = new VectorStore({ dimension: 3, similarity: 'EUCLIDEAN' });
		store.upsert([{ id: 'a', vector: [0.1, 1 / 3, 16_777_217] }]);
		// 1/3 needs 8 digits as a float32; 2^24 + 1 is not a float32 and rounds to 2^24.
		expect(store.fetch(['a'], { includeVectors: true })[0]?.vector).toEqual([0.1, 0.33333334, 16_777_216]);
	});

	it('ranges over every vector exactly once, page by page', () => {
		const store = new VectorStore({ dimension: 2, similarity: 'EUCLIDEAN', initialCapacity: 2 });
		store.upsert(Array.from({ length: 25 }, (_, i) => ({ id: `v${i}`, vector: [i, i] })));
		store.delete(['v3', 'v4', 'v24']);
		const seen: string[] = [];
		let cursor = '';
		let pages = 0;
		do {
			const page = store.range({ cursor, limit: 5 });
			expect(page.vectors.length).toBeLessThanOrEqual(5);
			seen.push(...page.vectors.map((v) => v.id));
			cursor = page.nextCursor;
			pages++;
		} while (cursor !== '' && pages < 20);
		expect(seen.sort()).toEqual(
			Array.from({ length: 25 }, (_, i) => `v${i}`)
				.filter((id) => !['v3', 'v4', 'v24'].includes(id))
				.sort(),
		);
		expect(pages).toBe(5);
	});

	it('reuses freed slots instead of growing, and keeps every vector through growth', () => {
		const store = new VectorStore({ dimension: 4, similarity: 'COSINE', initialCapacity: 8 });
		const vector = [1, 2, 3, 4];
		const full = store.capacity;
		for (let start = 0; start < full; start += 1000)
			store.upsert(
				Array.from({ length: Math.min(1000, full - start) }, (_, i) => ({ id: `v${start + i}`, vector })),
			);
		expect(store.capacity).toBe(full);
		const allocated = store.allocatedBytes;
		store.delete(['v1', 'v5']);
		store.upsert([
			{ id: 'n1', vector },
			{ id: 'n2', vector },
		]);
		expect(store.allocatedBytes).toBe(allocated);
		store.upsert([{ id: 'n3', vector: [4, 3, 2, 1] }]);
		expect(store.allocatedBytes).toBeGreaterThan(allocated);
		expect(store.capacity).toBeGreaterThan(full);
		expect(store.fetch(['v0', `v${full - 1}`, 'n3'], { includeVectors: true }).map((v) => v?.vector)).toEqual(
			[vector, vector, [4, 3, 2, 1]],
		);
		expect(store.query({ vector: [4, 3, 2, 1], topK: 1 })[0]).toEqual({ id: 'n3', score: 1 });
	});

	it('counts data size, and resets to empty', () => {
		const store = new VectorStore({ dimension: 4, similarity: 'DOT_PRODUCT' });
		store.upsert([{ id: 'ab', vector: [1, 2, 3, 4], metadata: { k: 'v' }, data: 'héllo' }]);
		expect(store.size).toBe(1);
		expect(store.dataSize).toBe(16 + 2 + Buffer.byteLength('{"k":"v"}') + Buffer.byteLength('héllo'));
		store.upsert([{ id: 'ab', vector: [1, 2, 3, 4] }]);
		expect(store.dataSize).toBe(18);
		store.reset();
		expect(store.size).toBe(0);
		expect(store.dataSize).toBe(0);
		expect(store.query({ vector: [1, 1, 1, 1], topK: 5 })).toEqual([]);
	});

	it('rejects bad input with a clear message and changes nothing', () => {
		const store = new VectorStore({ dimension: 3, similarity: 'COSINE' });
		store.upsert([{ id: 'keep', vector: [1, 1, 1] }]);
		const cases: [() => unknown, RegExp][] = [
			[
				() => store.upsert([{ id: 'x', vector: [1, 2] }]),
				/vectors\[0\]\.vector has 2 dimensions; this index has 3/,
			],
			[
				() =>
					store.upsert([
						{ id: 'ok', vector: [1, 2, 3] },
						{ id: 'x', vector: [1, Number.NaN, 3] },
					]),
				/vectors\[1\]\.vector\[1\] must be a finite number/,
			],
			[() => store.upsert([{ id: 'x', vector: [1, 1e39, 3] }]), /32-bit float range/],
			[() => store.upsert([{ id: 'x', vector: [0, 0, 0] }]), /all zeros/],
			[
				() => store.upsert([{ id: 'x', vector: [1, 2, 3], metadata: [1] as never }]),
				/metadata must be a JSON object/,
			],
			[() => store.query({ vector: [1, 2, 3], topK: 0 }), /topK must be an integer from 1 to 1000/],
			[() => store.query({ vector: [1, 2, 3, 4], topK: 1 }), /query vector has 4 dimensions/],
			[() => store.range({ cursor: 'abc', limit: 1 }), /cursor must be/],
			[
				() => store.upsert(Array.from({ length: 1001 }, (_, i) => ({ id: `n${i}`, vector: [1, 2, 3] }))),
				/at most 1000 vectors per request, got 1001/,
			],
			[() => store.fetch(Array.from({ length: 1001 }, (_, i) => `n${i}`)), /at most 1000 ids/],
		];
		for (const [fn, message] of cases) {
			const error = engineError(fn);
			expect(error.kind).toBe('invalid');
			expect(error.message).toMatch(message);
		}
		expect(store.fetch(['ok', 'keep'])).toEqual([null, { id: 'keep' }]);
	});

	it('deletes the ids it has, each once, and counts them', () => {
		const store = new VectorStore({ dimension: 1, similarity: 'EUCLIDEAN' });
		store.upsert([
			{ id: 'a', vector: [1] },
			{ id: 'b', vector: [2] },
			{ id: 'c', vector: [3] },
		]);
		expect(store.delete(['a', 'nope'])).toBe(1);
		expect(store.delete(['a', 'b', 'b'])).toBe(1);
		expect(store.size).toBe(1);
	});

	it('asks a filter only of records that would enter the top k, and never of the rest', () => {
		const store = new VectorStore({ dimension: 2, similarity: 'DOT_PRODUCT' });
		store.upsert(Array.from({ length: 200 }, (_, i) => ({ id: `v${i}`, vector: [i, 0], metadata: { i } })));
		const asked: number[] = [];
		const even = (_root: unknown, metadata: unknown) => {
			const { i } = metadata as { i: number };
			asked.push(i);
			return i % 2 === 0;
		};
		expect(store.query({ vector: [1, 0], topK: 3, filter: even }).map((m) => m.id)).toEqual([
			'v198',
			'v196',
			'v194',
		]);
		// Slots come in order, each better than all before it: every one is asked once.
		expect(asked).toHaveLength(200);
		asked.length = 0;
		expect(store.query({ vector: [-1, 0], topK: 3, filter: even }).map((m) => m.id)).toEqual([
			'v0',
			'v2',
			'v4',
		]);
		// Now the best come first: once three even ones are in, no worse record is asked.
		expect(asked).toEqual([0, 1, 2, 3, 4]);
	});

	it('keeps sparse vectors in an inverted index through replaces and deletes', () => {
		const store = new VectorStore({ type: 'SPARSE', dimension: 0, similarity: 'DOT_PRODUCT' });
		store.upsert([
			{ id: 'a', sparseVector: { indices: [5, 1], values: [2, 1] } },
			{ id: 'b', sparseVector: { indices: [1, 9], values: [3, 1] } },
			{ id: 'c', sparseVector: { indices: [9], values: [4] } },
		]);
		const ids = (indices: number[], values: number[]) =>
			store.query({ sparseVector: { indices, values }, topK: 5 }).map((m) => `${m.id}:${m.score}`);
		expect(ids([1], [1])).toEqual(['b:3', 'a:1']);
		store.delete(['b']);
		store.upsert([{ id: 'a', sparseVector: { indices: [9], values: [1] } }]);
		expect(ids([1], [1])).toEqual([]);
		expect(ids([9, 5], [1, 1])).toEqual(['c:4', 'a:1']);
		expect(store.fetch(['a'], { includeVectors: true })).toEqual([
			{ id: 'a', sparseVector: { indices: [9], values: [1] } },
		]);
	});

	it('answers a sparse query right after one whose filter ran out of work part way', () => {
		const store = new VectorStore({ type: 'SPARSE', dimension: 0, similarity: 'DOT_PRODUCT' });
		store.upsert(
			Array.from({ length: 10 }, (_, i) => ({
				id: `s${i}`,
				sparseVector: { indices: [1, 2 + i], values: [i + 1, 1] },
				metadata: { s: 'a'.repeat(100) },
			})),
		);
		const query = { sparseVector: { indices: [1], values: [1] }, topK: 10 };
		const expected = Array.from({ length: 10 }, (_, i) => `s${9 - i}:${10 - i}`);
		expect(store.query(query).map((m) => `${m.id}:${m.score}`)).toEqual(expected);
		// A budget that the GLOB of a few records uses up: the filter throws in the middle of the candidates.
		const filter = compileFilter(`s GLOB '*b*'`, new WorkMeter(450));
		expect(engineError(() => store.query({ ...query, filter })).message).toContain('steps of matching');
		expect(store.query(query).map((m) => `${m.id}:${m.score}`)).toEqual(expected);
	});
});
