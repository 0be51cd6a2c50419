/**
 * The indexes of the local service, made from its kept identity: the dense, sparse and hybrid
 * vector indexes and the search database, each kept in a collection of its own; what was kept
 * put back at start; their statistics kept on the keeper's timer.
 */
import type { Clock } from '../../clock.js';
import { versionedJsonCodec } from '../../persistence/codec.js';
import type { KeptAccount, KeptRecords, Sinks } from '../../persistence/collections.js';
import type { Keeper } from '../../persistence/journal.js';
import { SearchIndexRecord } from '../management/search-index.js';
import type { DocumentInput } from '../search/engine.js';
import type { KeptVector } from '../vector/store.js';
import { type IndexCatalog, recordsCollection, statisticsName } from './created-indexes.js';
import { createIndexPlanes, type IndexPlanes, searchEndpoint } from './planes.js';

export function createLocalIndexes(options: {
	baseUrl: string;
	clock: Clock;
	account: KeptAccount;
	sinks: Sinks;
}): IndexPlanes {
	const { baseUrl, clock, account, sinks } = options;
	const { credentials, createdAt } = account;
	const searchIndex = new SearchIndexRecord(
		account.searchIndexId,
		account.indexNames?.[account.searchIndexId] ?? 'local-search',
		credentials.email,
		searchEndpoint(baseUrl, account.searchIndexId),
		createdAt,
		account.searchTokens,
	);
	return createIndexPlanes({
		baseUrl,
		clock,
		createdAt,
		ownerEmail: credentials.email,
		vectors: [
			{
				id: account.vectorIndexId,
				name: account.indexNames?.[account.vectorIndexId] ?? 'local-vector',
				tokens: account.vectorTokens,
				shape: { type: 'DENSE', dimension: account.vectorDimension, similarity: account.vectorSimilarity },
				sink: sinks.denseRecords,
			},
			{
				id: account.sparseIndexId,
				name: account.indexNames?.[account.sparseIndexId] ?? 'local-sparse',
				tokens: account.sparseTokens,
				shape: { type: 'SPARSE', dimension: 0, similarity: 'DOT_PRODUCT' },
				sink: sinks.sparseRecords,
			},
			{
				id: account.hybridIndexId,
				name: account.indexNames?.[account.hybridIndexId] ?? 'local-hybrid',
				tokens: account.hybridTokens,
				shape: { type: 'HYBRID', dimension: account.hybridDimension, similarity: account.hybridSimilarity },
				sink: sinks.hybridRecords,
			},
		],
		searchIndex,
		searchSink: sinks.searchDocuments,
	});
}

/** Puts back the index records. A record that cannot be read back is skipped and reported. */
export function restoreLocalIndexes(
	indexes: IndexPlanes,
	kept: KeptRecords,
	onError: (error: unknown) => void,
): void {
	const [dense, sparse, hybrid] = indexes.vectors;
	const skipped =
		dense!.engine.database.restore(kept.denseRecords) +
		sparse!.engine.database.restore(kept.sparseRecords) +
		hybrid!.engine.database.restore(kept.hybridRecords) +
		indexes.search.engine.restore(kept.searchDocuments);
	if (skipped > 0)
		onError(
			new Error(
				`${skipped} kept index record${skipped === 1 ? '' : 's'} could not be read back and ${skipped === 1 ? 'was' : 'were'} skipped`,
			),
		);
}

/** Keeps each index's statistics every `everyMs`, and sets their size levels to what came back. */
export function registerIndexStatistics(
	indexes: IndexPlanes,
	keeper: Keeper,
	everyMs: number,
	now: number,
): void {
	for (const plane of indexes.vectors) {
		// The dense index's statistics keep the name they were kept under before there were three.
		const name = plane === indexes.vectors[0] ? 'vector-index' : statisticsName('vector', plane.id);
		keeper.register(name, plane.index, everyMs);
		const { database } = plane.engine;
		if (database.size > 0) plane.index.setSize(now, database.size, database.dataSize);
	}
	for (const plane of indexes.searches) {
		const name = plane === indexes.search ? 'search-index' : statisticsName('search', plane.id);
		keeper.register(name, plane.index, everyMs);
		const { engine } = plane;
		if (engine.size > 0) plane.index.usage.setSize(now, engine.size, engine.dataSize);
	}
}

/**
 * Serves again the indexes made through the management API before this start, with their
 * records. A record that cannot be read back is skipped and reported.
 */
export async function openCreatedIndexes(
	catalog: IndexCatalog,
	kept: KeptRecords['createdIndexes'],
	keeper: Keeper,
	onError: (error: unknown) => void,
): Promise<void> {
	let skipped = 0;
	for (const [, spec] of kept) {
		const plane = catalog.adopt(spec);
		const name = recordsCollection(spec.id);
		if (plane.kind === 'vector')
			skipped += plane.engine.database.restore(
				await keeper.load(name, versionedJsonCodec<KeptVector>('vector')),
			);
		else
			skipped += plane.engine.restore(
				await keeper.load(name, versionedJsonCodec<DocumentInput>('search document')),
			);
	}
	if (skipped > 0)
		onError(
			new Error(
				`${skipped} kept record${skipped === 1 ? '' : 's'} of indexes made through the management API could not be read back and ${skipped === 1 ? 'was' : 'were'} skipped`,
			),
		);
}
