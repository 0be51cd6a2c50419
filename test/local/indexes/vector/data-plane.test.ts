/**
 * The vector index data plane over HTTP on the local service, through the typed client:
 * results checked against a brute-force reference for every similarity function, and every
 * way a request can be wrong.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../../source/api/errors.js';
import { VectorIndexClient } from '../../../../source/api/index-client.js';
import type { VectorRecord } from '../../../../source/api/index-schemas.js';
import { similarityFunctions } from '../../../../source/local/indexes/vector/similarity.js';
import { localIndex } from '../../../../source/local/service-indexes.js';
import { randomVector, seededRandom } from '../../../support/seeded-random.js';
import { rankingMismatch, referenceRanking } from '../../../support/vector-reference.js';
import { type Fixture, raw, startFixture } from '../../helpers.js';

const dimension = 24;
const noRetry = { retries: 0, baseDelayMs: 1, maxDelayMs: 1 };

function clientOf(fx: Fixture, token = localIndex(fx.service, 'dense').token): VectorIndexClient {
	return new VectorIndexClient({
		endpoint: localIndex(fx.service, 'dense').url,
		token,
		retry: noRetry,
		timeoutMs: 5000,
	});
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
	const error = await promise.then(
		() => undefined,
		(e: unknown) => e,
	);
	expect(error).toBeInstanceOf(ApiError);
	return error as ApiError;
}

for (const similarity of similarityFunctions) {
	describe(`vector data plane (${similarity})`, () => {
		let fx: Fixture;
		let index: VectorIndexClient;
		const random = seededRandom(similarity.length * 101);
		const reference = new Map<string, number[]>();

		beforeAll(async () => {
			fx = await startFixture({ vectorDimension: dimension, vectorSimilarity: similarity });
			index = clientOf(fx);
		});
		afterAll(() => fx.close());

		it('upserts in batches and answers queries like the brute-force reference', async () => {
			for (let batch = 0; batch < 4; batch++) {
				const records: VectorRecord[] = Array.from({ length: 50 }, (_, i) => ({
					id: `v-${batch}-${i}`,
					vector: randomVector(random, dimension),
					metadata: { batch, i },
				}));
				await index.upsert(records);
				for (const r of records) reference.set(String(r.id), r.vector!);
			}
			// Replace a few: the latest vector of an id wins.
			const replaced = ['v-0-0', 'v-1-7', 'v-3-49'].map((id) => ({
				id,
				vector: randomVector(random, dimension),
			}));
			await index.upsert(replaced);
			for (const r of replaced) reference.set(r.id, r.vector);
			expect((await index.info()).vectorCount).toBe(200);

			for (const topK of [1, 10, 250]) {
				for (let q = 0; q < 4; q++) {
					const vector = randomVector(random, dimension);
					const matches = await index.query({ vector, topK });
					expect(
						rankingMismatch(matches, referenceRanking(similarity, reference, vector), topK),
					).toBeUndefined();
				}
			}
		});

		it('returns vectors and metadata only when asked, and fetches by id', async () => {
			const vector = reference.get('v-2-3')!;
			const [plain] = await index.query({ vector, topK: 1 });
			expect(Object.keys(plain!).sort()).toEqual(['id', 'score']);
			const [full] = await index.query({ vector, topK: 1, includeVectors: true, includeMetadata: true });
			expect(full).toMatchObject({ id: 'v-2-3', metadata: { batch: 2, i: 3 } });
			// Kept as float32, printed in the fewest digits that read back as the same float32.
			expect(full!.vector!.map(Math.fround)).toEqual(vector.map(Math.fround));
			expect(full!.vector!.every((v) => Number(v.toPrecision(9)) === v)).toBe(true);
			const fetched = await index.fetch(['v-2-3', 'missing', 'v-0-1'], { includeMetadata: true });
			expect(fetched).toEqual([
				{ id: 'v-2-3', metadata: { batch: 2, i: 3 } },
				null,
				{ id: 'v-0-1', metadata: { batch: 0, i: 1 } },
			]);
			const [withValues] = await index.fetch(['v-1-7'], { includeVectors: true });
			expect(withValues?.vector?.map(Math.fround)).toEqual(reference.get('v-1-7')!.map(Math.fround));
		});

		it('ranges over every vector exactly once', async () => {
			const seen: string[] = [];
			let cursor = '';
			for (let page = 0; page < 20; page++) {
				const { nextCursor, vectors } = await index.range({ cursor, limit: 37 });
				seen.push(...vectors.map((v) => v.id));
				cursor = nextCursor;
				if (cursor === '') break;
			}
			expect(cursor).toBe('');
			expect(seen.sort()).toEqual([...reference.keys()].sort());
		});

		it('deletes the ids it has, and forgets what it deleted', async () => {
			expect(await index.delete(['v-0-2', 'no-such-id'])).toBe(1);
			const victims = ['v-0-2', 'v-1-1', 'v-2-2', 'v-3-3'];
			expect(await index.delete(victims)).toBe(3);
			for (const id of victims) reference.delete(id);
			expect(await index.fetch(victims)).toEqual([null, null, null, null]);
			const vector = randomVector(random, dimension);
			const matches = await index.query({ vector, topK: 300 });
			expect(matches).toHaveLength(196);
			expect(rankingMismatch(matches, referenceRanking(similarity, reference, vector), 300)).toBeUndefined();
		});

		it('resets to empty', async () => {
			await index.reset();
			expect(await index.info()).toMatchObject({
				vectorCount: 0,
				indexSize: 0,
				dimension,
				similarityFunction: similarity,
			});
			expect(await index.query({ vector: randomVector(random, dimension), topK: 5 })).toEqual([]);
			reference.clear();
		});
	});
}

describe('vector data plane errors', () => {
	let fx: Fixture;
	let index: VectorIndexClient;
	const url = (path: string) => `${localIndex(fx.service, 'dense').url}${path}`;
	const auth = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });

	beforeAll(async () => {
		fx = await startFixture({ vectorDimension: 3, vectorSimilarity: 'COSINE' });
		index = clientOf(fx);
		await index.upsert([
			{ id: 'a', vector: [1, 0, 0] },
			{ id: 'b', vector: [0, 1, 0] },
		]);
	});
	afterAll(() => fx.close());

	it('refuses wrong dimensions, non-finite and non-numeric values, and changes nothing', async () => {
		const cases: [unknown, RegExp][] = [
			[{ id: 'c', vector: [1, 2] }, /vectors\[0\]\.vector has 2 dimensions; this index has 3/],
			[
				[
					{ id: 'c', vector: [1, 2, 3] },
					{ id: 'd', vector: [1, 2, 3, 4] },
				],
				/vectors\[1\]\.vector has 4 dimensions/,
			],
			[{ id: 'c', vector: [1, null, 3] }, /vectors\[0\]\.vector\[1\] must be a finite number/],
			[{ id: 'c', vector: [0, 0, 0] }, /all zeros/],
			[{ id: '', vector: [1, 2, 3] }, /non-empty string/],
			[{ vector: [1, 2, 3] }, /vectors\[0\]: an id must be/],
			[
				{ id: 'c', vector: [1, 2, 3], sparseVector: { indices: [1], values: [1] } },
				/dense index; it takes no sparseVector/,
			],
			[{ id: 'c', vector: [1, 2, 3], data: 7 }, /data must be a string/],
		];
		for (const [body, message] of cases) {
			const response = await raw(url('/upsert'), {
				method: 'POST',
				headers: auth(localIndex(fx.service, 'dense').token),
				body: JSON.stringify(body),
			});
			expect(response.status).toBe(400);
			expect((response.json() as { error: string }).error).toMatch(message);
		}
		// Infinity and NaN cannot be written in JSON: 1e999 parses to Infinity, NaN does not parse.
		const infinite = await raw(url('/upsert'), {
			method: 'POST',
			headers: auth(localIndex(fx.service, 'dense').token),
			body: '{"id":"c","vector":[1,1e999,3]}',
		});
		expect(infinite.status).toBe(400);
		expect(infinite.text).toContain('Infinity');
		const nan = await raw(url('/upsert'), {
			method: 'POST',
			headers: auth(localIndex(fx.service, 'dense').token),
			body: '{"id":"c","vector":[1,NaN,3]}',
		});
		expect(nan.status).toBe(400);
		expect(nan.json()).toEqual({ error: expect.stringContaining('not valid JSON') });
		expect(await index.info()).toMatchObject({ vectorCount: 2 });
		expect(await index.fetch(['c', 'd'])).toEqual([null, null]);
	});

	it('refuses malformed bodies and bad query parameters with 400', async () => {
		const token = localIndex(fx.service, 'dense').token;
		const cases: [string, string, RegExp][] = [
			['/query', '{"vector": [1, 0, 0], "topK": ', /not valid JSON/],
			['/query', '', /query: expected a JSON object/],
			['/query', '{"vector": [1, 0], "topK": 1}', /query vector has 2 dimensions/],
			['/query', '{"vector": [1, 0, 0], "topK": 0}', /topK must be an integer from 1 to 1000/],
			['/query', '{"vector": "1,0,0"}', /query vector must be an array of 3 numbers/],
			['/query', '{"vector": [1, 0, 0], "filter": "a = "}', /filter: expected a value/],
			[
				'/query',
				'{"vector": [1, 0, 0], "fusionAlgorithm": "MAX"}',
				/fusionAlgorithm must be one of RRF, DBSF/,
			],
			['/query/ns', '[]', /a batch needs at least one query/],
			['/fetch', '{"ids": "a"}', /ids must be an array/],
			['/fetch', '{"ids": ["a"], "prefix": "a"}', /Only one of ids or prefix must be provided/],
			['/delete', '{"prefix": "a", "filter": "b = 1"}', /Only and only one of the ids, prefix, or filter/],
			[
				'/upsert-data',
				'{"id": "a", "vector": [1, 0, 0], "data": "x"}',
				/upsert-data takes data to embed, not vectors/,
			],
			['/resumable-query-next', '{"uuid": "nope", "additionalK": 1}', /no resumable query "nope"/],
			['/range', '{"cursor": "x", "limit": 5}', /cursor must be/],
			['/range', '{"limit": 5000}', /limit must be an integer from 1 to 1000/],
		];
		for (const [path, body, message] of cases) {
			const response = await raw(url(path), { method: 'POST', headers: auth(token), body });
			expect(response.status, `${path} ${body}`).toBe(path.startsWith('/resumable') ? 404 : 400);
			expect((response.json() as { error: string }).error).toMatch(message);
		}
	});

	it('answers 404 for an unknown index and an unknown operation, and deleted: 0 for unknown ids', async () => {
		const token = localIndex(fx.service, 'dense').token;
		const otherIndex = await raw(`${fx.service.queueUrl}/vector/not-this-one/info`, { headers: auth(token) });
		expect(otherIndex.status).toBe(404);
		expect(otherIndex.json()).toEqual({ error: 'vector index "not-this-one" not found' });
		expect((await raw(url('/explode'), { method: 'POST', headers: auth(token), body: '{}' })).status).toBe(
			404,
		);
		const wrongMethod = await raw(url('/query'), { headers: auth(token) });
		expect(wrongMethod.status).toBe(405);
		expect(wrongMethod.headers.get('allow')).toBe('POST');
		expect(await index.delete(['zzz'])).toBe(0);
		const namespace = await raw(url('/delete-namespace/nope'), { method: 'POST', headers: auth(token) });
		expect(namespace.status).toBe(404);
		expect(namespace.json()).toEqual({ error: 'namespace "nope" does not exist' });
	});

	it('needs the index token: 401 without or with a wrong one, 403 for writes with the read-only one', async () => {
		const none = await raw(url('/info'));
		expect(none.status).toBe(401);
		expect(none.json()).toEqual({ error: expect.stringContaining('missing credentials') });
		expect(none.headers.get('www-authenticate')).toContain('Bearer');
		// The account token is not an index token.
		const accountToken = await failure(clientOf(fx, fx.service.token).info());
		expect(accountToken.status).toBe(401);
		expect(accountToken.serverMessage).toBe('wrong token for this vector index');
		const basic = await raw(url('/info'), { headers: { authorization: 'Basic YTpi' } });
		expect(basic.status).toBe(401);

		const readOnly = clientOf(fx, localIndex(fx.service, 'dense').readOnlyToken);
		expect((await readOnly.query({ vector: [1, 0, 0], topK: 1 }))[0]?.id).toBe('a');
		expect(await readOnly.fetch(['b'])).toEqual([{ id: 'b' }]);
		expect((await readOnly.range({ limit: 10 })).vectors).toHaveLength(2);
		expect((await readOnly.info()).vectorCount).toBe(2);
		for (const write of [
			() => readOnly.upsert({ id: 'c', vector: [1, 1, 1] }),
			() => readOnly.delete(['a']),
			() => readOnly.reset(),
		]) {
			const refused = await failure(write());
			expect(refused.status).toBe(403);
			expect(refused.serverMessage).toMatch(/read-only token can only read/);
		}
		expect((await index.info()).vectorCount).toBe(2);
	});
});
