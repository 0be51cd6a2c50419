/**
 * The indexes across restarts of a service with a data directory: every namespace of the
 * dense, sparse and hybrid indexes and every search index comes back record by record, with
 * what resets and deletes did; a record that cannot be read back is skipped and reported, and
 * the rest still answer queries; a record in a layout this version does not know (a newer one
 * wrote it) refuses the directory instead.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Index } from '@upstash/vector';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SearchIndexClient } from '../../../source/api/index-client.js';
import { collections } from '../../../source/local/persistence/collections.js';
import { Journal } from '../../../source/local/persistence/journal.js';
import { StateVersionError } from '../../../source/local/persistence/state-errors.js';
import { type LocalService, startLocalService, stateDirectory } from '../../../source/local/service.js';
import { localIndex } from '../../../source/local/service-indexes.js';

/** Bytes as they are, to write what the service's codecs would not. */
const raw = { encode: (bytes: Buffer) => bytes, decode: (bytes: Buffer) => bytes };

let dataDir: string;
let errors: string[];
let notices: string[];

beforeEach(async () => {
	dataDir = await mkdtemp(path.join(tmpdir(), 'mqtop-indexes-'));
	errors = [];
	notices = [];
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

const start = () =>
	startLocalService({
		dataDir,
		vectorDimension: 3,
		hybridDimension: 2,
		onError: (error) => errors.push(String(error)),
		onNotice: (text) => notices.push(text),
	});

function clients(service: LocalService) {
	return {
		dense: new Index({
			url: localIndex(service, 'dense').url,
			token: localIndex(service, 'dense').token,
			retry: false,
		}),
		sparse: new Index({
			url: localIndex(service, 'sparse').url,
			token: localIndex(service, 'sparse').token,
			retry: false,
		}),
		hybrid: new Index({
			url: localIndex(service, 'hybrid').url,
			token: localIndex(service, 'hybrid').token,
			retry: false,
		}),
		search: new SearchIndexClient({
			endpoint: localIndex(service, 'search').url,
			token: localIndex(service, 'search').token,
		}),
	};
}

describe('indexes kept in the data directory', () => {
	it('come back namespace by namespace, with what resets and deletes did', async () => {
		const first = await start();
		const before = clients(first);
		await before.dense.upsert({ id: 1, vector: [1, 0, 0], metadata: { a: 1 }, data: 'one' } as never);
		await before.dense.upsert({ id: 'n', vector: [0, 1, 0] }, { namespace: 'ns' });
		await before.dense.upsert({ id: 'gone', vector: [0, 0, 1] }, { namespace: 'dropped' });
		await before.dense.upsert({ id: 'emptied', vector: [0, 0, 1] }, { namespace: 'emptied' });
		await before.dense.deleteNamespace('dropped');
		await before.dense.reset({ namespace: 'emptied' });
		await before.dense.update({ id: 1, metadata: { b: 2 }, metadataUpdateMode: 'PATCH' });
		await before.sparse.upsert(
			{ id: 's', sparseVector: { indices: [3, 1], values: [0.5, 0.25] } },
			{ namespace: 'sp' },
		);
		await before.hybrid.upsert({
			id: 'h',
			vector: [0.1, 0.2],
			sparseVector: { indices: [7], values: [0.1] },
		});
		await before.search.upsert('kb', [
			{ id: 'd1', content: { text: 'kept words' }, metadata: { n: 1 } },
			{ id: 'd2', content: { text: 'deleted words' } },
		]);
		await before.search.delete('kb', ['d2']);
		await first.close();

		const second = await start();
		try {
			const after = clients(second);
			expect(
				await after.dense.fetch(['1'], { includeVectors: true, includeMetadata: true, includeData: true }),
			).toEqual([{ id: '1', vector: [1, 0, 0], metadata: { a: 1, b: 2 }, data: 'one' }]);
			expect(await after.dense.listNamespaces()).toEqual(['', 'emptied', 'ns']);
			expect((await after.dense.namespace('ns').query({ vector: [0, 1, 0], topK: 1 }))[0]).toEqual({
				id: 'n',
				score: 1,
			});
			expect((await after.dense.info()).namespaces.emptied?.vectorCount ?? 0).toBe(0);
			expect(await after.sparse.fetch(['s'], { includeVectors: true, namespace: 'sp' })).toEqual([
				{ id: 's', sparseVector: { indices: [1, 3], values: [0.25, 0.5] } },
			]);
			expect((await after.hybrid.fetch(['h'], { includeVectors: true }))[0]).toEqual({
				id: 'h',
				vector: [0.1, 0.2],
				sparseVector: { indices: [7], values: [0.1] },
			});
			expect(await after.search.fetch('kb', ['d1', 'd2'])).toEqual([
				{ id: 'd1', content: { text: 'kept words' }, metadata: { n: 1 } },
				null,
			]);
			expect((await after.search.search('kb', { query: 'words' })).map((m) => m.id)).toEqual(['d1']);
			expect(errors).toEqual([]);
		} finally {
			await second.close();
		}
	});

	it('skips and reports records that cannot be read back, and serves the rest', async () => {
		const first = await start();
		await clients(first).dense.upsert([
			{ id: 'good', vector: [1, 0, 0] },
			{ id: 'bent', vector: [0, 1, 0] },
		]);
		await first.close();
		// Damage two records behind the service's back: one is not JSON (in the current layout),
		// one has a vector of the wrong size.
		const keeper = await Journal.open(stateDirectory(dataDir), () => {});
		keeper
			.collection('denseRecords', raw)
			.put(JSON.stringify(['', 'garbled']), Buffer.from('\u0001{not json'));
		keeper.collection('denseRecords', collections.denseRecords).put(JSON.stringify(['', 'bent']), {
			vector: new Uint8Array(8),
		});
		await keeper.close();

		const second = await start();
		try {
			const { dense } = clients(second);
			expect(await dense.fetch(['good', 'bent', 'garbled'])).toEqual([{ id: 'good' }, null, null]);
			expect((await dense.query({ vector: [1, 0, 0], topK: 5 })).map((m) => m.id)).toEqual(['good']);
			// The record that is not JSON is skipped as it is read, and said as a notice of the journal.
			expect(notices.join('\n')).toMatch(
				/skipped a kept denseRecords record .*garbled.* that cannot be read/,
			);
			expect(errors.join('\n')).toContain('1 kept index record could not be read back and was skipped');
		} finally {
			await second.close();
		}
	});

	it('refuses a directory holding a record in a layout it does not know, and leaves it as it was', async () => {
		const first = await start();
		await clients(first).search.upsert('kb', [{ id: 'd1', content: { text: 'kept words' } }]);
		await first.close();
		// What a newer version might write: layout 2 of a search document.
		const newer = Buffer.concat([Buffer.of(2), Buffer.from(JSON.stringify({ id: 'd2', content: 'new' }))]);
		const keeper = await Journal.open(stateDirectory(dataDir), () => {});
		keeper.collection('searchDocuments', raw).put(JSON.stringify(['kb', 'd2']), newer);
		await keeper.close();

		const refused = await start().then(
			async (service) => {
				await service.close();
				return undefined;
			},
			(error: unknown) => error,
		);
		expect(refused).toBeInstanceOf(StateVersionError);
		expect(String(refused)).toMatch(
			/a kept search document is in layout 2, which this version of mqtop does not read/,
		);

		const again = await Journal.open(stateDirectory(dataDir), () => {});
		try {
			const keys = (await again.load('searchDocuments', raw)).map(([key]) => key);
			expect(keys).toContain(JSON.stringify(['kb', 'd1']));
			expect(keys).toContain(JSON.stringify(['kb', 'd2']));
		} finally {
			await again.close();
		}
	});
});
