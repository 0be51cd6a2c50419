/**
 * The local search database driven by the vendor's own SDK (@upstash/search) over loopback:
 * indexes by name, documents with content and metadata, search with text and tree filters
 * (content fields and @metadata), fetch, range by prefix, delete, reset, info and the index
 * list, and refusals with their messages.
 */
import { Search } from '@upstash/search';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type LocalService, startLocalService } from '../../../../source/local/service.js';
import { localIndex } from '../../../../source/local/service-indexes.js';

let service: LocalService;
let client: Search;

beforeAll(async () => {
	service = await startLocalService();
	client = new Search({ url: localIndex(service, 'search').url, token: localIndex(service, 'search').token });
});
afterAll(() => service.close());

type Content = { title: string; body: string };
type Meta = { year: number; tags: string[] };

const movies = () => client.index<Content, Meta>('movies');

beforeEach(async () => {
	for (const name of await client.listIndexes()) await client.index(name).deleteIndex();
	await movies().upsert([
		{
			id: 'm1',
			content: { title: 'Alien', body: 'a crew in space meets a creature' },
			metadata: { year: 1979, tags: ['space', 'horror'] },
		},
		{
			id: 'm2',
			content: { title: 'Heat', body: 'a crew of thieves in the city' },
			metadata: { year: 1995, tags: ['crime'] },
		},
		{
			id: 'x1',
			content: { title: 'Moon', body: 'a man alone in space' },
			metadata: { year: 2009, tags: ['space'] },
		},
	]);
});

describe('search database through @upstash/search', () => {
	it('finds documents by their words, best first, with content and metadata', async () => {
		const results = await movies().search({ query: 'crew in space', limit: 3 });
		// Alien has all three words; Moon (shorter) and Heat two each.
		expect(results.map((r) => r.id)).toEqual(['m1', 'x1', 'm2']);
		expect(results[0]).toEqual({
			id: 'm1',
			content: { title: 'Alien', body: 'a crew in space meets a creature' },
			metadata: { year: 1979, tags: ['space', 'horror'] },
			score: expect.any(Number),
		});
		expect(results[0]!.score).toBeGreaterThan(results[1]!.score);
	});

	it('filters on content fields and @metadata, as text or as a tree', async () => {
		const ids = async (filter: Parameters<ReturnType<typeof movies>['search']>[0]['filter']) =>
			(await movies().search({ query: 'space crew city', limit: 5, filter, reranking: true }))
				.map((r) => r.id)
				.sort();
		expect(await ids("title GLOB 'H*'")).toEqual(['m2']);
		expect(await ids('@metadata.year >= 1995')).toEqual(['m2', 'x1']);
		expect(
			await ids({ AND: [{ body: { glob: '*space*' } }, { '@metadata.year': { lessThan: 2000 } }] }),
		).toEqual(['m1']);
		expect(
			await ids({ OR: [{ '@metadata.tags': { contains: 'crime' } }, { title: { in: ['Moon'] } }] }),
		).toEqual(['m2', 'x1']);
	});

	it('fetches, ranges by prefix, deletes and resets', async () => {
		expect(await movies().fetch({ ids: ['m2', 'nope'] })).toEqual([
			{
				id: 'm2',
				content: { title: 'Heat', body: 'a crew of thieves in the city' },
				metadata: { year: 1995, tags: ['crime'] },
			},
			null,
		]);
		expect((await movies().fetch({ prefix: 'm' })).map((d) => d?.id)).toEqual(['m1', 'm2']);
		const first = await movies().range({ cursor: '0', limit: 1, prefix: 'm' });
		expect(first.documents.map((d) => d.id)).toEqual(['m1']);
		const rest = await movies().range({ cursor: first.nextCursor, limit: 5, prefix: 'm' });
		expect(rest).toMatchObject({ nextCursor: '', documents: [{ id: 'm2' }] });
		expect(await movies().delete({ ids: ['m1', 'ghost'] })).toEqual({ deleted: 1 });
		expect(await movies().delete({ prefix: 'x' })).toEqual({ deleted: 1 });
		expect(await movies().info()).toEqual({ documentCount: 1, pendingDocumentCount: 0 });
		await movies().reset();
		expect(await movies().fetch({ ids: ['m2'] })).toEqual([null]);
	});

	it('keeps indexes apart and reports them in info and the index list', async () => {
		await client.index('books').upsert({ id: 'm1', content: { title: 'Dune', body: 'sand' } });
		expect(await client.listIndexes()).toEqual(['books', 'movies']);
		expect((await client.index('books').search({ query: 'alien' })).length).toBe(0);
		expect(await client.info()).toMatchObject({
			documentCount: 4,
			pendingDocumentCount: 0,
			indexes: { books: { documentCount: 1 }, movies: { documentCount: 3 } },
		});
		await client.index('books').deleteIndex();
		expect(await client.listIndexes()).toEqual(['movies']);
	});

	it('refuses what it cannot read, with the reason', async () => {
		await expect(movies().search({ query: 'x', filter: 'title = ' })).rejects.toThrow(
			'filter: expected a value',
		);
		await expect(
			movies().upsert({
				id: 'big',
				content: { title: 'x', body: 'y' },
				metadata: { blob: 'z'.repeat(50_000) } as never,
			}),
		).rejects.toThrow('at most 49152 (48 KB)');
		await expect(client.index('gone').deleteIndex()).rejects.toThrow('does not exist');
	});
});
