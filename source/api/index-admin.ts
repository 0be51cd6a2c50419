/**
 * The management API's edits of indexes (docs/protocol/vector.md#making-indexes,
 * docs/protocol/search.md#making-databases): the requests that make and delete a vector index
 * or a search database, built apart from sending them so that what a person confirms is what is
 * sent, and the calls that send them.
 */
import { fromDialectNames } from './dialect.js';
import type { IndexKind } from './index-access.js';
import { apiPath } from './paths.js';
import { SearchIndex, VectorIndexResource, type vectorIndexTypes } from './schemas.js';
import { type ApiRequest, type Messaging, sendRead } from './transport.js';

export const similarityNames = ['COSINE', 'EUCLIDEAN', 'DOT_PRODUCT'] as const;
export type SimilarityName = (typeof similarityNames)[number];
export type VectorIndexType = (typeof vectorIndexTypes)[number];

/** A vector index to make: what the management API asks (CreateIndexRequest). */
export interface NewVectorIndex {
	name: string;
	region: string;
	similarity: SimilarityName;
	type: VectorIndexType;
	/** Of the dense part; left out for a sparse index. */
	dimension?: number | undefined;
	embeddingModel?: string | undefined;
	sparseEmbeddingModel?: string | undefined;
}

export interface NewSearchIndex {
	name: string;
	region: string;
}

const collections: Record<IndexKind, string> = { vector: '/v2/vector/index', search: '/v2/search' };
const nouns: Record<IndexKind, string> = { vector: 'vector index', search: 'search database' };

export function createVectorIndexRequest(index: NewVectorIndex): ApiRequest {
	return {
		operation: `create vector index ${index.name}`,
		method: 'POST',
		path: collections.vector,
		api: 'management',
		json: {
			name: index.name,
			region: index.region,
			similarity_function: index.similarity,
			index_type: index.type,
			...(index.type === 'SPARSE' || index.dimension === undefined
				? {}
				: { dimension_count: index.dimension }),
			...(index.embeddingModel ? { embedding_model: index.embeddingModel } : {}),
			...(index.sparseEmbeddingModel ? { sparse_embedding_model: index.sparseEmbeddingModel } : {}),
			type: 'payg',
		},
	};
}

export function createSearchIndexRequest(index: NewSearchIndex): ApiRequest {
	return {
		operation: `create search database ${index.name}`,
		method: 'POST',
		path: collections.search,
		api: 'management',
		json: { name: index.name, region: index.region, type: 'payg' },
	};
}

export function deleteIndexRequest(kind: IndexKind, id: string): ApiRequest {
	return {
		operation: `delete ${nouns[kind]} ${id}`,
		method: 'DELETE',
		path: kind === 'vector' ? apiPath`/v2/vector/index/${id}` : apiPath`/v2/search/${id}`,
		api: 'management',
	};
}

/** Makes a vector index; its resource, as the service answered it. */
export function createVectorIndex(messaging: Messaging, index: NewVectorIndex, signal?: AbortSignal) {
	return sendRead(messaging, createVectorIndexRequest(index), VectorIndexResource, { signal });
}

/** Makes a search database; its resource, the dialect's partner word read as the neutral one. */
export function createSearchIndex(messaging: Messaging, index: NewSearchIndex, signal?: AbortSignal) {
	return sendRead(messaging, createSearchIndexRequest(index), SearchIndex, {
		signal,
		prepare: (json) => fromDialectNames(json, messaging.settings.dialect),
	});
}

/** Deletes an index and everything in it. */
export async function deleteIndex(
	messaging: Messaging,
	kind: IndexKind,
	id: string,
	signal?: AbortSignal,
): Promise<void> {
	await messaging.send(deleteIndexRequest(kind, id), signal);
}
