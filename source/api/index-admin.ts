/**
 * The management API's edits of indexes (docs/protocol/vector.md#making-indexes,
 * docs/protocol/search.md#making-databases): the requests that make and delete a vector index
 * or a search database, built apart from sending them so that what a person confirms is what is
 * sent, and the calls that send them.
 */
import { fromDialectNames } from './dialect.js';
import { type IndexKind, indexNouns } from './index-access.js';
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

/** The request that makes an index of `kind` named `name`, the rest of its shape in `json`. */
function createRequest(kind: IndexKind, name: string, json: Record<string, unknown>): ApiRequest {
	return {
		operation: `create ${indexNouns[kind]} ${name}`,
		method: 'POST',
		path: collections[kind],
		api: 'management',
		json: { name, ...json, type: 'payg' },
	};
}

export function createVectorIndexRequest(index: NewVectorIndex): ApiRequest {
	return createRequest('vector', index.name, {
		region: index.region,
		similarity_function: index.similarity,
		index_type: index.type,
		...(index.type === 'SPARSE' || index.dimension === undefined ? {} : { dimension_count: index.dimension }),
		...(index.embeddingModel ? { embedding_model: index.embeddingModel } : {}),
		...(index.sparseEmbeddingModel ? { sparse_embedding_model: index.sparseEmbeddingModel } : {}),
	});
}

export function createSearchIndexRequest(index: NewSearchIndex): ApiRequest {
	return createRequest('search', index.name, { region: index.region });
}

export function deleteIndexRequest(kind: IndexKind, id: string): ApiRequest {
	return {
		operation: `delete ${indexNouns[kind]} ${id}`,
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
