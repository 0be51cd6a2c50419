/**
 * `mqtop vector query|fetch|range|delete` and `mqtop search query|fetch|range|delete` end to
 * end: the built CLI as a child process against `mqtop serve` (its dense, sparse and hybrid
 * indexes and its search database), and against a server that answers in the deployed
 * service's documented shapes, where a read-only token is refused writes.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SearchIndexClient, VectorIndexClient } from '../../source/api/index-client.js';
import { type LocalIndexInfo, localIndex } from '../../source/local/service-indexes.js';
import * as answers from '../fixtures/deployed/answers.js';
import { type DeployedService, deployedEnv, startDeployedService } from '../support/deployed-service.js';
import { assertBuilt, baseEnv, runCli, type Served, startServe } from './child.js';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

type Info = { indexes: readonly LocalIndexInfo[] };

let home: string;
let served: Served;
let info: Info;
let env: Record<string, string>;

const cli = (args: string[], options: { env?: Record<string, string> } = {}) =>
	runCli(args, { env: options.env ?? env });

async function json<T>(args: string[]): Promise<T> {
	const result = await cli([...args, '--json']);
	expect(result.stderr).toBe('');
	expect(result.code).toBe(0);
	return JSON.parse(result.stdout) as T;
}

type Match = { id: string; score: number; metadata?: Record<string, unknown>; data?: string };

const books = [
	{ id: 'b1', data: 'a warm city by the sea', metadata: { genre: 'travel', year: 2001 } },
	{ id: 'b2', data: 'cold mountains and deep snow', metadata: { genre: 'nature', year: 1999 } },
	{ id: 'b3', data: 'the sea is warm in summer', metadata: { genre: 'travel', year: 2010 } },
	{ id: 'b4', data: 'a quiet forest of old trees', metadata: { genre: 'nature', year: 2015 } },
	{ id: 'b5', data: 'trains across the desert', metadata: { genre: 'travel', year: 1985 } },
];

beforeAll(async () => {
	assertBuilt();
	home = await mkdtemp(path.join(tmpdir(), 'mqtop-index-data-'));
	served = await startServe(baseEnv(home), ['--vector-dimension', '3', '--hybrid-dimension', '3']);
	info = served.info as unknown as Info;
	env = baseEnv(home);
	const dense = new VectorIndexClient({
		endpoint: localIndex(info, 'dense').url,
		token: localIndex(info, 'dense').token,
	});
	await dense.upsert(books, { namespace: 'books' });
	await dense.upsert([
		{ id: 'd1', vector: [1, 0, 0], metadata: { n: 1 } },
		{ id: 'd2', vector: [0, 1, 0], metadata: { n: 2 } },
		{ id: 'd3', vector: [0.9, 0.1, 0], metadata: { n: 3 } },
	]);
	const sparse = new VectorIndexClient({
		endpoint: localIndex(info, 'sparse').url,
		token: localIndex(info, 'sparse').token,
	});
	await sparse.upsert([
		{ id: 's1', sparseVector: { indices: [1, 7], values: [0.5, 1] }, metadata: { kind: 'a' } },
		{ id: 's2', sparseVector: { indices: [2], values: [1] }, metadata: { kind: 'b' } },
	]);
	await sparse.upsert(books.slice(0, 2), { namespace: 'books' });
	const hybrid = new VectorIndexClient({
		endpoint: localIndex(info, 'hybrid').url,
		token: localIndex(info, 'hybrid').token,
	});
	await hybrid.upsert([
		{ id: 'h1', vector: [1, 0, 0], sparseVector: { indices: [3], values: [1] } },
		{ id: 'h2', vector: [0, 0, 1], sparseVector: { indices: [4], values: [1] } },
	]);
	await hybrid.upsert(books.slice(2), { namespace: 'books' });
	const search = new SearchIndexClient({
		endpoint: localIndex(info, 'search').url,
		token: localIndex(info, 'search').token,
	});
	await search.upsert('articles', [
		{ id: 'x1', content: { title: 'quick brown fox', body: 'jumps over the dog' }, metadata: { lang: 'en' } },
		{ id: 'x2', content: { title: 'der schnelle braune fuchs' }, metadata: { lang: 'de' } },
		{ id: 'x3', content: { title: 'slow green turtle' }, metadata: { lang: 'en' } },
	]);
});

afterAll(async () => {
	await served?.stop();
	if (home) await rm(home, { recursive: true, force: true });
});

describe('mqtop vector against the local server', () => {
	it('queries the dense index by text (its embedder) and by a vector, with a filter and top K', async () => {
		const byText = await json<Match[]>(['vector', 'query', '--data', 'warm sea', '--namespace', 'books']);
		expect(byText.slice(0, 2).map((m) => m.id)).toEqual(expect.arrayContaining(['b1', 'b3']));
		expect(byText[0]!.data).toBeDefined();
		expect(byText[0]!.metadata).toMatchObject({ genre: 'travel' });
		const filtered = await json<Match[]>([
			...['vector', 'query', '--data', 'warm sea', '--namespace', 'books'],
			...['--filter', 'year > 2005', '--top-k', '1'],
		]);
		expect(filtered.map((m) => m.id)).toEqual(['b3']);
		const byVector = await json<Match[]>(['vector', 'query', '--vector', '[1, 0, 0]', '--top-k', '2']);
		expect(byVector.map((m) => m.id)).toEqual(['d1', 'd3']);
		expect(byVector[0]!.score).toBeGreaterThan(byVector[1]!.score);
		const table = await cli(['vector', 'query', '--vector', '[1, 0, 0]', '--top-k', '2']);
		expect(table.code).toBe(0);
		expect(table.stdout).toMatch(/score +id +holds\n1\.0000 +d1 +\{"n":1\}/);
	});

	it('queries the sparse and the hybrid index, named with --index', async () => {
		const sparse = await json<Match[]>([
			...['vector', 'query', '--index', localIndex(info, 'sparse').id],
			...['--vector', '{"indices": [7], "values": [1]}'],
		]);
		expect(sparse.map((m) => m.id)).toEqual(['s1']);
		const sparseText = await json<Match[]>([
			...['vector', 'query', '--index', localIndex(info, 'sparse').id, '--namespace', 'books'],
			...['--data', 'snow mountains'],
		]);
		expect(sparseText[0]!.id).toBe('b2');
		const hybrid = await json<Match[]>([
			...[
				'vector',
				'query',
				'--index',
				localIndex(info, 'hybrid').id,
				'--vector',
				'[0, 0, 1]',
				'--top-k',
				'1',
			],
		]);
		expect(hybrid.map((m) => m.id)).toEqual(['h2']);
		const hybridText = await json<Match[]>([
			...['vector', 'query', '--index', localIndex(info, 'hybrid').id, '--namespace', 'books'],
			...['--data', 'trains desert', '--top-k', '1'],
		]);
		expect(hybridText.map((m) => m.id)).toEqual(['b5']);
	});

	it('fetches ids, null and exit 1 for one not found, and the vectors when asked', async () => {
		const fetched = await json<({ id: string; vector?: number[] } | null)[]>([
			...['vector', 'fetch', 'd1', 'd2', '--include-vectors'],
		]);
		expect(fetched.map((r) => r?.id)).toEqual(['d1', 'd2']);
		expect(fetched[0]!.vector).toEqual([1, 0, 0]);
		const missing = await cli(['vector', 'fetch', 'd1', 'nope']);
		expect(missing.code).toBe(1);
		expect(missing.stdout).toMatch(/id +d1\nmetadata +\{"n":1\}/);
		expect(missing.stderr).toContain('not found: nope');
	});

	it('ranges through a namespace page by page until the cursor is ""', async () => {
		const seen: string[] = [];
		let cursor = '';
		for (let page = 0; page < 10; page++) {
			const result = await json<{ nextCursor: string; vectors: { id: string }[] }>([
				...['vector', 'range', '--namespace', 'books', '--limit', '2', '--cursor', cursor],
			]);
			expect(result.vectors.length).toBeLessThanOrEqual(2);
			seen.push(...result.vectors.map((v) => v.id));
			cursor = result.nextCursor;
			if (cursor === '') break;
		}
		expect(seen.sort()).toEqual(books.map((b) => b.id));
		const text = await cli(['vector', 'range', '--namespace', 'books', '--limit', '2']);
		expect(text.stdout).toMatch(/more: mqtop vector range --namespace "books" --limit 2 --cursor \S+/);
	});

	it('deletes by id and by filter; with --read-only nothing is sent and nothing goes', async () => {
		const refused = await cli(['vector', 'delete', 'd2', '--read-only']);
		expect(refused.code).toBe(1);
		expect(refused.stderr).toContain('the delete was not sent: read-only');
		expect((await json<unknown[]>(['vector', 'fetch', 'd2']))[0]).not.toBeNull();
		expect(await json(['vector', 'delete', 'd2'])).toEqual({ deleted: 1 });
		const gone = await cli(['vector', 'fetch', 'd2', '--json']);
		expect(JSON.parse(gone.stdout)).toEqual([null]);
		const byFilter = await cli(['vector', 'delete', '--filter', 'n >= 3']);
		expect(byFilter.stdout).toBe('deleted 1 record\n');
		const left = await json<Match[]>(['vector', 'query', '--vector', '[1, 0, 0]', '--top-k', '5']);
		expect(left.map((m) => m.id)).toEqual(['d1']);
	});

	it('refuses bad usage with exit 2 before connecting', async () => {
		for (const args of [
			['vector', 'query'],
			['vector', 'query', '--data', 'x', '--vector', '[1]'],
			['vector', 'query', '--vector', '[1, "a"]'],
			['vector', 'query', '--data', 'x', '--top-k', '0'],
			['vector', 'range', '--limit', '1001'],
			['vector', 'delete'],
			['vector', 'delete', 'd1', '--filter', 'n = 1'],
		]) {
			const result = await cli(args);
			expect(result.code, args.join(' ')).toBe(2);
			expect(result.stderr, args.join(' ')).not.toContain('    at ');
		}
	});
});

describe('mqtop search against the local server', () => {
	it('searches an index with a filter, fetches, ranges and deletes its documents', async () => {
		const matches = await json<Match[]>(['search', 'query', 'brown', 'fox', '--index', 'articles']);
		expect(matches[0]!.id).toBe('x1');
		const german = await json<Match[]>([
			...['search', 'query', 'fuchs', '--index', 'articles', '--filter', "@metadata.lang = 'de'"],
		]);
		expect(german.map((m) => m.id)).toEqual(['x2']);
		const fetched = await json<({ id: string; content: unknown } | null)[]>([
			...['search', 'fetch', 'x3', 'x9', '--index', 'articles'],
		]).catch(() => undefined);
		expect(fetched).toBeUndefined(); // x9 is not there: exit 1 (json() expects 0)
		const partly = await cli(['search', 'fetch', 'x3', 'x9', '--index', 'articles', '--json']);
		expect(partly.code).toBe(1);
		expect(JSON.parse(partly.stdout)).toEqual([
			{ id: 'x3', content: { title: 'slow green turtle' }, metadata: { lang: 'en' } },
			null,
		]);
		const first = await json<{ nextCursor: string; vectors: { id: string }[] }>([
			...['search', 'range', '--index', 'articles', '--limit', '2'],
		]);
		expect(first.vectors).toHaveLength(2);
		const rest = await json<{ nextCursor: string; vectors: { id: string }[] }>([
			...['search', 'range', '--index', 'articles', '--limit', '2', '--cursor', first.nextCursor],
		]);
		expect(rest.nextCursor).toBe('');
		expect([...first.vectors, ...rest.vectors].map((d) => d.id).sort()).toEqual(['x1', 'x2', 'x3']);
		const refused = await cli(['search', 'delete', 'x3', '--index', 'articles', '--read-only']);
		expect(refused.code).toBe(1);
		expect(
			await json(['search', 'delete', '--filter', "@metadata.lang = 'de'", '--index', 'articles']),
		).toEqual({ deleted: 1 });
		const left = await json<{ vectors: { id: string }[] }>(['search', 'range', '--index', 'articles']);
		expect(left.vectors.map((d) => d.id).sort()).toEqual(['x1', 'x3']);
	});

	it('still shows the configuration alone, or with an id', async () => {
		const alone = await cli(['search']);
		expect(alone.code).toBe(0);
		expect(alone.stdout).toContain('read-only token');
		expect(alone.stdout).toMatch(/articles +2/);
	});
});

describe('mqtop vector and search against the deployed contract', () => {
	let service: DeployedService;
	let deployed: Record<string, string>;
	const at = (from: number) => service.requests.slice(from);

	beforeAll(async () => {
		service = await startDeployedService();
		deployed = baseEnv(home, deployedEnv(service));
	});
	afterAll(() => service?.close());

	it('reads at the index endpoint the management API lists, with its read-only token, as the SDK sends', async () => {
		// The index token is wrong: every read still works, being made with the read-only one.
		service.answers.vectorIndex = { ...(service.answers.vectorIndex as object), token: 'not-the-token' };
		const from = service.requests.length;
		const query = await cli(
			[
				'vector',
				'query',
				'--index',
				answers.ids.vectorIndex,
				'--data',
				'mug',
				'--namespace',
				'shop',
				'--json',
			],
			{ env: deployed },
		);
		expect(query.stderr).toBe('');
		expect(JSON.parse(query.stdout)).toEqual(answers.vectorMatches.result);
		expect(at(from)).toEqual([
			`GET /v2/vector/index/${answers.ids.vectorIndex}`,
			'POST /vector-data/query-data/shop',
		]);
		expect(JSON.parse(service.bodies.at(-1)!)).toEqual({
			data: 'mug',
			topK: 10,
			includeMetadata: true,
			includeData: true,
			includeVectors: false,
		});
		const fetched = await cli(['vector', 'fetch', 'p-1', 'p-9', '--index', answers.ids.vectorIndex], {
			env: deployed,
		});
		expect(fetched.code).toBe(1);
		expect(fetched.stdout).toMatch(/id +p-1\ndata +a red mug\nmetadata +\{"title":"red mug","price":9\}/);
		expect(service.requests.at(-1)).toBe('POST /vector-data/fetch');
		expect(JSON.parse(service.bodies.at(-1)!)).toMatchObject({ ids: ['p-1', 'p-9'] });
		const range = await cli(['vector', 'range', '--index', answers.ids.vectorIndex, '--limit', '2'], {
			env: deployed,
		});
		expect(range.stdout).toContain('more: mqtop vector range --index');
		expect(JSON.parse(service.bodies.at(-1)!)).toMatchObject({ cursor: '', limit: 2 });
		const search = await cli(
			['search', 'query', 'fox', '--database', answers.ids.searchIndex, '--index', 'docs'],
			{
				env: deployed,
			},
		);
		expect(search.code).toBe(0);
		expect(search.stdout).toMatch(/2\.5000 +doc-1 +\{"title":"Brown fox"\}/);
		expect(service.requests.at(-1)).toBe('POST /search-data/search/docs');
		expect(JSON.parse(service.bodies.at(-1)!)).toEqual({ query: 'fox', topK: 10 });
	});

	it('deletes with the index token; a read-only token is refused the write, and --read-only sends nothing', async () => {
		service.answers.vectorIndex = {
			...(service.answers.vectorIndex as object),
			token: answers.vectorIndexResource.token,
		};
		const deleted = await cli(
			['vector', 'delete', '--filter', 'price > 10', '--index', answers.ids.vectorIndex],
			{
				env: deployed,
			},
		);
		expect(deleted.stdout).toBe('deleted 2 records\n');
		expect(JSON.parse(service.bodies.at(-1)!)).toEqual({ filter: 'price > 10' });
		// Where the listed "index token" is in fact the read-only one, the service refuses: exit 1, its words.
		service.answers.vectorIndex = {
			...(service.answers.vectorIndex as object),
			token: answers.vectorIndexResource.read_only_token,
		};
		const refused = await cli(['vector', 'delete', 'p-1', '--index', answers.ids.vectorIndex, '--json'], {
			env: deployed,
		});
		expect(refused.code).toBe(1);
		expect(JSON.parse(refused.stderr)).toMatchObject({
			exitCode: 1,
			status: 403,
			error: expect.stringContaining('Read-only token cannot be used for write operations'),
		});
		const from = service.requests.length;
		const unsent = await cli(
			['search', 'delete', 'doc-1', '--database', answers.ids.searchIndex, '--index', 'docs', '--read-only'],
			{ env: deployed },
		);
		expect(unsent.code).toBe(1);
		expect(unsent.stderr).toContain('not sent');
		expect(at(from)).toEqual([`GET /v2/search/${answers.ids.searchIndex}`]);
		const sent = await cli(
			['search', 'delete', 'doc-1', '--database', answers.ids.searchIndex, '--index', 'docs'],
			{
				env: deployed,
			},
		);
		expect(sent.stdout).toBe('deleted 2 documents\n');
		expect(service.requests.at(-1)).toBe('POST /search-data/delete/docs');
	});

	it('reads odd answers liberally: a record without its id is left out and said, odd fields kept', async () => {
		service.answers.vectorQuery = {
			result: [{ score: 0.5 }, { id: 'p-3', score: 'high', metadata: 'odd', extra: 1 }],
		};
		const result = await cli(
			['vector', 'query', '--index', answers.ids.vectorIndex, '--data', 'x', '--json'],
			{
				env: deployed,
			},
		);
		expect(result.code).toBe(0);
		expect(JSON.parse(result.stdout)).toEqual([{ id: 'p-3', extra: 1 }]);
		expect(result.stderr).toContain('could not be read as expected');
		service.answers.vectorQuery = answers.vectorMatches;
	});
});
