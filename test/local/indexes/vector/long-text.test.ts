/**
 * Long text in the sparse and hybrid indexes, over HTTP with the official SDK: the client sends
 * no sparse vector, so the embedder's own output must fit the sparse limit (a text keeps its
 * 1,000 most frequent words), and a batch too large to embed is refused by its sizes.
 */
import { Index } from '@upstash/vector';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalService, startLocalService } from '../../../../source/local/service.js';
import { localIndex } from '../../../../source/local/service-indexes.js';
import { failure } from '../../helpers.js';

/** 1,001 distinct words, the first said three times so that it is among those kept. */
const longText = ['alpha alpha', ...Array.from({ length: 1001 }, (_, i) => `word${i}`)].join(' ');

let service: LocalService;
beforeAll(async () => {
	service = await startLocalService({ hybridDimension: 8 });
});
afterAll(() => service.close());

for (const kind of ['sparse', 'hybrid'] as const)
	describe(`a ${kind} index`, () => {
		const index = () =>
			kind === 'sparse'
				? new Index({
						url: localIndex(service, 'sparse').url,
						token: localIndex(service, 'sparse').token,
						retry: false,
					})
				: new Index({
						url: localIndex(service, 'hybrid').url,
						token: localIndex(service, 'hybrid').token,
						retry: false,
					});

		it('embeds a text of more than 1,000 distinct words and finds it again', async () => {
			expect(longText.length).toBeGreaterThan(7000);
			await index().upsert([
				{ id: 'long', data: longText },
				{ id: 'short', data: 'word1 and something else' },
			]);
			const [record] = await index().fetch(['long'], { includeVectors: true, includeData: true });
			expect(record?.data).toBe(longText);
			expect(record?.sparseVector?.indices).toHaveLength(1000);
			const matches = await index().query({ data: longText, topK: 2 });
			expect(matches[0]?.id).toBe('long');
			const byWord = await index().query({ data: 'alpha', topK: 1 });
			expect(byWord[0]?.id).toBe('long');
		});

		it('refuses a batch with data over 1 MB by its size before embedding any, and stores none of it', async () => {
			const big = 'x '.repeat(600_000);
			// The first record's text has no words: embedding it first would fail on that instead.
			const error = await failure(
				index().upsert([
					{ id: 'first', data: '!!! ???' },
					{ id: 'big', data: big },
				]),
			);
			expect(error.message).toContain('vectors[1]: data takes 1200000 bytes; at most 1048576');
			expect(await index().fetch(['first', 'big'])).toEqual([null, null]);
		});
	});
