/**
 * The data planes of the local service's two indexes: each index's engine, its REST endpoint
 * and tokens, its operations, and how a served operation feeds the index's statistics (the
 * records of source/local/indexes/, which build the management resources).
 */

import type { RecordSink } from '../../stores/record-sink.js';
import type { DataPlaneOperation } from '../common/data-plane.js';
import { type IndexTokens, newIndexTokens, type SearchIndexRecord } from '../management/search-index.js';
import type { VectorIndex } from '../management/vector-index.js';
import { searchOperations } from '../search/data-plane.js';
import { type DocumentInput, SearchEngine } from '../search/engine.js';
import { vectorOperations } from '../vector/data-plane.js';
import type { Similarity } from '../vector/similarity.js';
import { type KeptVector, VectorStore } from '../vector/store.js';

export interface IndexPlane<Engine> {
	kind: 'vector' | 'search';
	id: string;
	/** Where the operations are served: `<endpoint>/upsert`, `<endpoint>/query`, ... */
	endpoint: string;
	token: string;
	readOnlyToken: string;
	engine: Engine;
	operations: readonly DataPlaneOperation<Engine>[];
	/** Counts one served operation: when, what, its engine latency and the bytes it moved. */
	record(t: number, counts: 'query' | 'update', latencyMs: number, bytes: number): void;
}

export interface IndexPlanes {
	vector: IndexPlane<VectorStore>;
	search: IndexPlane<SearchEngine>;
}

export interface IndexPlaneOptions {
	/** Base URL of the service; the vector index is served under `<baseUrl>/vector/<id>`. */
	baseUrl: string;
	vectorIndex: VectorIndex;
	searchIndex: SearchIndexRecord;
	/** Default 384, the size of common sentence embeddings. */
	dimension?: number | undefined;
	/** Default COSINE. */
	similarity?: Similarity | undefined;
	/** The vector index's tokens; new ones when not given. */
	vectorTokens?: IndexTokens | undefined;
	/** Told of every vector and document written, deleted or reset. */
	vectorSink?: RecordSink<KeptVector> | undefined;
	searchSink?: RecordSink<DocumentInput> | undefined;
}

export const defaultVectorDimension = 384;

/** Where each index's data plane is served on a service at `baseUrl`. */
export function indexEndpoints(
	baseUrl: string,
	ids: { vectorIndexId: string; searchIndexId: string },
): { vector: string; search: string } {
	return {
		vector: `${baseUrl}/vector/${ids.vectorIndexId}`,
		search: `${baseUrl}/search/${ids.searchIndexId}`,
	};
}

export function createIndexPlanes(options: IndexPlaneOptions): IndexPlanes {
	const { vectorIndex, searchIndex } = options;
	const store = new VectorStore({
		dimension: options.dimension ?? defaultVectorDimension,
		similarity: options.similarity ?? 'COSINE',
		sink: options.vectorSink,
	});
	const vectorTokens = options.vectorTokens ?? newIndexTokens();
	return {
		vector: {
			kind: 'vector',
			id: vectorIndex.id,
			endpoint: indexEndpoints(options.baseUrl, {
				vectorIndexId: vectorIndex.id,
				searchIndexId: options.searchIndex.id,
			}).vector,
			token: vectorTokens.token,
			readOnlyToken: vectorTokens.readOnlyToken,
			engine: store,
			operations: vectorOperations,
			record(t, counts, latencyMs, bytes) {
				if (counts === 'query') {
					vectorIndex.recordQuery(t, latencyMs, bytes);
				} else {
					vectorIndex.recordUpdate(t, latencyMs, bytes);
					vectorIndex.setSize(t, store.size, store.dataSize);
				}
			},
		},
		search: {
			kind: 'search',
			id: searchIndex.id,
			endpoint: searchIndex.endpoint,
			token: searchIndex.token,
			readOnlyToken: searchIndex.readOnlyToken,
			engine: new SearchEngine({}, options.searchSink),
			operations: searchOperations,
			record(t) {
				searchIndex.recordRequest(t);
			},
		},
	};
}
