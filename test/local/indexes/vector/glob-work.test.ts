/**
 * GLOB filters a read-only client can send, over HTTP with the official SDKs: a pattern that
 * took pattern-length x value-length steps answers correctly in linear work, a batch of queries
 * lets the event loop (and so other requests) run between its queries, and a filter over its
 * work budget is refused with a 400 that says so.
 */
import { Index } from '@upstash/vector';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchIndexClient } from '../../../../source/api/index-client.js';
import { maxGlobWork } from '../../../../source/local/indexes/common/filter/glob.js';
import { type LocalService, startLocalService } from '../../../../source/local/service.js';
import { localIndex } from '../../../../source/local/service-indexes.js';
import { failure } from '../../helpers.js';

let service: LocalService;
let index: Index;
/** Ends in b for even records: the pathological pattern matches those. */
const value = (i: number) => `${'a'.repeat(47_999)}${i % 2 === 0 ? 'b' : 'a'}`;
const pattern = `*${'a'.repeat(2_000)}b`;

beforeAll(async () => {
	service = await startLocalService({ vectorDimension: 4 });
	index = new Index({
		url: localIndex(service, 'dense').url,
		token: localIndex(service, 'dense').readOnlyToken,
		retry: false,
	});
	const writer = new Index({
		url: localIndex(service, 'dense').url,
		token: localIndex(service, 'dense').token,
		retry: false,
	});
	await writer.upsert(
		Array.from({ length: 10 }, (_, i) => ({ id: `r${i}`, vector: [1, i, 0, 0], metadata: { s: value(i) } })),
	);
});
afterAll(() => service.close());

describe('GLOB in filters', () => {
	it('answers a pathological pattern correctly, and other requests are answered while a batch of them runs', async () => {
		const queries = Array.from({ length: 100 }, () => ({
			vector: [1, 1, 0, 0],
			topK: 10,
			filter: `s GLOB '${pattern}'`,
		}));
		let batchDone = false;
		const batch = fetch(`${localIndex(service, 'dense').url}/query`, {
			method: 'POST',
			headers: { authorization: `Bearer ${localIndex(service, 'dense').readOnlyToken}` },
			body: JSON.stringify(queries),
		}).then(async (response) => {
			batchDone = true;
			return { status: response.status, body: (await response.json()) as { result: { id: string }[][] } };
		});
		// This process serves the requests too: count turns of its event loop while the batch is out.
		// A batch that holds the loop lets none happen until it is done.
		let turns = 0;
		await new Promise<void>((resolve) => {
			const turn = () => {
				turns++;
				if (turns >= 20 || batchDone) resolve();
				else setImmediate(turn);
			};
			setImmediate(turn);
		});
		let otherFirst = false;
		const other = index.info().then((info) => {
			otherFirst = !batchDone;
			return info;
		});
		expect((await other).vectorCount).toBe(10);
		const { status, body } = await batch;
		expect(status).toBe(200);
		expect(otherFirst).toBe(true);
		expect(body.result).toHaveLength(100);
		for (const matches of body.result)
			expect(matches.map((m) => m.id).sort()).toEqual(['r0', 'r2', 'r4', 'r6', 'r8']);
	}, 60_000);

	it('refuses a filter that needs more matching work than one query may take, saying so', async () => {
		// Sets and ? are matched 32 pattern characters per step: this one, 16,000 wide, over 10
		// values of 48 KB, needs more than the budget.
		const wide = `*${'[ab]'.repeat(1_000)}${'?'.repeat(11_000)}c*`;
		const error = await failure(index.query({ vector: [1, 1, 0, 0], topK: 10, filter: `s GLOB '${wide}'` }));
		expect(error.message).toContain(`need more than ${maxGlobWork} steps of matching`);
	}, 60_000);

	it('searches a 200 KB document with a pathological pattern in linear work', async () => {
		const search = new SearchIndexClient({
			endpoint: localIndex(service, 'search').url,
			token: localIndex(service, 'search').token,
		});
		const long = `word ${'a'.repeat(200_000)}b`;
		await search.upsert('docs', [
			{ id: 'long', content: { text: long } },
			{ id: 'other', content: { text: `word ${'a'.repeat(200_000)}` } },
		]);
		const matches = await search.search('docs', {
			query: 'word',
			filter: `text GLOB '*${'a'.repeat(16_000)}b'`,
		});
		expect(matches.map((m) => m.id)).toEqual(['long']);
	}, 60_000);
});
