/**
 * The search index data plane over HTTP on the local service, reached the way a user reaches
 * it: the endpoint and tokens come from the management API's search index resource.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../../source/api/errors.js';
import { SearchIndexClient } from '../../../../source/api/index-client.js';
import { localIndex } from '../../../../source/local/service-indexes.js';
import { conformant } from '../../../support/conformance.js';
import { type Fixture, raw, startFixture } from '../../helpers.js';

const noRetry = { retries: 0, baseDelayMs: 1, maxDelayMs: 1 };

let fx: Fixture;
let index: SearchIndexClient;
let readOnly: SearchIndexClient;
let endpoint: string;
let token: string;

beforeAll(async () => {
	fx = await startFixture();
	const resource = await conformant(fx.client).getSearchIndex(localIndex(fx.service, 'search').id);
	endpoint = resource.endpoint;
	token = resource.token;
	index = new SearchIndexClient({ endpoint, token, retry: noRetry, timeoutMs: 5000 });
	readOnly = new SearchIndexClient({
		endpoint,
		token: resource.read_only_token,
		retry: noRetry,
		timeoutMs: 5000,
	});
});
afterAll(() => fx.close());

async function failure(promise: Promise<unknown>): Promise<ApiError> {
	const error = await promise.then(
		() => undefined,
		(e: unknown) => e,
	);
	expect(error).toBeInstanceOf(ApiError);
	return error as ApiError;
}

describe('search data plane', () => {
	it('indexes documents and ranks matches by BM25', async () => {
		await index.upsert('docs', [
			{ id: 'fox', content: 'The quick brown fox jumps over the lazy dog', metadata: { lang: 'en' } },
			{ id: 'dogs', content: { title: 'Dogs', body: 'A dog, another dog and a lazy dog' } },
			{ id: 'cafe', content: 'Café au lait' },
		]);
		await index.upsert('docs', { id: 'noise', content: 'nothing to see here' });
		expect((await index.info()).namespaces).toEqual({ docs: { vectorCount: 4, pendingVectorCount: 0 } });

		const dogs = await index.search('docs', { query: 'lazy DOG' });
		expect(dogs.map((m) => m.id)).toEqual(['dogs', 'fox']);
		expect(dogs[0]!.score).toBeGreaterThan(dogs[1]!.score);
		expect(dogs[1]).toMatchObject({
			content: 'The quick brown fox jumps over the lazy dog',
			metadata: { lang: 'en' },
		});
		expect((await index.search('docs', { query: 'cafe' })).map((m) => m.id)).toEqual(['cafe']);
		expect(await index.search('docs', { query: 'dog', topK: 1 })).toHaveLength(1);
		expect(await index.search('docs', { query: 'absent' })).toEqual([]);
	});

	it('replaces a document on upsert of the same id', async () => {
		await index.upsert('docs', { id: 'noise', content: 'a lazy afternoon' });
		expect((await index.search('docs', { query: 'nothing' })).map((m) => m.id)).toEqual([]);
		expect((await index.search('docs', { query: 'lazy' })).map((m) => m.id).sort()).toEqual([
			'dogs',
			'fox',
			'noise',
		]);
		expect(await index.fetch('docs', ['noise', 'nope'])).toEqual([
			{ id: 'noise', content: 'a lazy afternoon' },
			null,
		]);
	});

	it('ranges, deletes the ids it has and resets', async () => {
		const first = await index.range('docs', { limit: 3 });
		const second = await index.range('docs', { cursor: first.nextCursor, limit: 3 });
		expect(second.nextCursor).toBe('');
		expect([...first.vectors, ...second.vectors].map((d) => d.id).sort()).toEqual([
			'cafe',
			'dogs',
			'fox',
			'noise',
		]);
		expect(await index.delete('docs', ['fox', 'ghost'])).toBe(1);
		expect(await index.delete('docs', ['fox'])).toBe(0);
		expect((await index.search('docs', { query: 'fox' })).map((m) => m.id)).toEqual([]);
		expect(await index.listIndexes()).toEqual(['docs']);
		await index.reset('docs');
		expect((await index.info()).namespaces?.docs?.vectorCount).toBe(0);
		await index.deleteIndex('docs');
		expect(await index.listIndexes()).toEqual([]);
	});

	it('refuses bad input and wrong tokens', async () => {
		const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
		const cases: [string, string, number, RegExp][] = [
			['/upsert-data/docs', '{"id": "x", "content": 42}', 400, /documents\[0\]: content must be/],
			['/upsert-data/docs', '[{"id": "x"}]', 400, /documents\[0\]: content must be/],
			['/upsert-data/docs', '{"id": "x", "content": "ok"', 400, /not valid JSON/],
			['/search/docs', '{"query": "   "}', 400, /no words/],
			['/search/docs', '{"topK": 3}', 400, /query must be a string/],
			['/search/docs', '{"query": "x", "topK": 1001}', 400, /topK must be/],
			['/search/docs', '{"query": "x", "filter": "a ="}', 400, /filter: expected a value/],
		];
		for (const [path, body, status, message] of cases) {
			const response = await raw(`${endpoint}${path}`, { method: 'POST', headers, body });
			expect(response.status, `${path} ${body}`).toBe(status);
			expect((response.json() as { error: string }).error).toMatch(message);
		}
		expect((await readOnly.search('docs', { query: 'anything' })).length).toBe(0);
		const refused = await failure(readOnly.upsert('docs', { id: 'x', content: 'y' }));
		expect(refused.status).toBe(403);
		const wrong = new SearchIndexClient({
			endpoint,
			token: localIndex(fx.service, 'dense').token,
			retry: noRetry,
		});
		expect((await failure(wrong.info())).status).toBe(401);
		expect((await raw(`${fx.service.queueUrl}/search/other/info`, { method: 'POST', headers })).status).toBe(
			404,
		);
	});
});
