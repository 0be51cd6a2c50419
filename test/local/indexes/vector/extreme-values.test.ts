/**
 * Vectors at the ends of the float32 range, over HTTP with the official SDK: every score is a
 * finite number and topK answers the K best, for every similarity function and for sparse
 * vectors. Float32 sums of such vectors overflow or flush to 0; ranking and scores then fall
 * back to float64.
 */
import { Index } from '@upstash/vector';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { similarityFunctions } from '../../../../source/local/indexes/vector/similarity.js';
import { type LocalService, startLocalService } from '../../../../source/local/service.js';
import { localIndex } from '../../../../source/local/service-indexes.js';
import { randomVector, seededRandom } from '../../../support/seeded-random.js';

const dimension = 384;
const huge = 3e38;
const tiny = 1e-45;

function finiteScores(matches: { score: unknown }[]): void {
	for (const match of matches) expect(Number.isFinite(match.score), JSON.stringify(match)).toBe(true);
	const scores = matches.map((m) => m.score as number);
	expect(scores).toEqual([...scores].sort((a, b) => b - a));
}

for (const similarity of similarityFunctions)
	describe(`extreme dense vectors (${similarity})`, () => {
		let service: LocalService;
		let index: Index;
		const random = seededRandom(7);
		const good = Array.from({ length: 10 }, (_, i) => ({
			id: `good-${i}`,
			vector: randomVector(random, dimension).map((x) => x + 1),
		}));

		beforeAll(async () => {
			service = await startLocalService({ vectorDimension: dimension, vectorSimilarity: similarity });
			index = new Index({
				url: localIndex(service, 'dense').url,
				token: localIndex(service, 'dense').token,
				retry: false,
			});
			await index.upsert([
				...good,
				{ id: 'tiny', vector: new Array(dimension).fill(tiny) },
				{ id: 'huge', vector: new Array(dimension).fill(huge) },
			]);
		});
		afterAll(() => service.close());

		it('scores every record with a finite number, best first', async () => {
			for (const vector of [
				good[0]!.vector,
				new Array(dimension).fill(tiny),
				new Array(dimension).fill(huge),
			]) {
				const matches = await index.query({ vector, topK: 12 });
				expect(matches).toHaveLength(12);
				finiteScores(matches);
			}
		});

		it('answers the K best for a huge query', async () => {
			const query = new Array(dimension).fill(huge);
			const matches = await index.query({ vector: query, topK: 5 });
			expect(matches).toHaveLength(5);
			finiteScores(matches);
			// Every record but one points the way of the query (all values positive): under cosine
			// the huge and tiny ones are exactly its direction, so they come first.
			if (similarity === 'COSINE')
				expect(
					matches
						.slice(0, 2)
						.map((m) => m.id)
						.sort(),
				).toEqual(['huge', 'tiny']);
			if (similarity === 'DOT_PRODUCT') expect(matches[0]!.id).toBe('huge');
			if (similarity === 'EUCLIDEAN') expect(matches[0]!.id).toBe('huge');
		});
	});

describe('extreme sparse vectors', () => {
	let service: LocalService;
	afterAll(() => service.close());

	it('score a finite number', async () => {
		service = await startLocalService();
		const index = new Index({
			url: localIndex(service, 'sparse').url,
			token: localIndex(service, 'sparse').token,
			retry: false,
		});
		const indices = Array.from({ length: 10 }, (_, i) => i);
		await index.upsert([
			{ id: 'huge', sparseVector: { indices, values: indices.map(() => huge) } },
			{ id: 'small', sparseVector: { indices, values: indices.map(() => 1) } },
		]);
		const matches = await index.query({
			sparseVector: { indices, values: indices.map(() => huge) },
			topK: 2,
		});
		expect(matches.map((m) => m.id)).toEqual(['huge', 'small']);
		finiteScores(matches);
		expect(matches[0]!.score).toBeCloseTo(10 * huge * huge, -70);
	});
});
