/**
 * The data planes of vector indexes and search databases: request types and zod schemas of the
 * answers. Not in the neutral interface, which only has their statistics; the shapes follow the
 * REST API of the deployed indexes as the vendor documents it and its SDKs send it: every command
 * by POST, a namespace (or search index name) as the last path segment, every success
 * `{"result": ...}`, every error `{"error": "..."}` (docs/protocol/vector.md#requests,
 * docs/protocol/search.md#requests).
 *
 * Vector index, under its endpoint (Bearer: the index token; reads also the read-only token):
 *   upsert[/ns]          {id, vector?, sparseVector?, metadata?, data?} or an array   -> "Success"
 *   upsert-data[/ns]     {id, data, metadata?} or an array (data embedded)            -> "Success"
 *   update[/ns]          {id, vector?, sparseVector?, data?, metadata?, metadataUpdateMode?} -> {updated}
 *   query[/ns]           VectorQuery, or an array of them (a batch)                   -> VectorMatch[] (per query)
 *   query-data[/ns]      VectorQuery with data                                        -> VectorMatch[]
 *   resumable-query[-data][/ns]  VectorQuery & {maxIdle?}                            -> {uuid, scores}
 *   resumable-query-next {uuid, additionalK}                                          -> VectorMatch[]
 *   resumable-query-end  {uuid}                                                       -> "Success"
 *   fetch[/ns]           {ids} | {prefix}, with include flags                         -> (FetchedVector | null)[]
 *   delete[/ns]          {ids} | {prefix} | {filter}                                  -> {deleted}
 *   range[/ns]           {cursor, limit, prefix?, include flags}                      -> {nextCursor, vectors}
 *   reset[/ns], reset?all                                                             -> "Success"
 *   info                                                                              -> VectorIndexInfo
 *   list-namespaces                                                                   -> string[]
 *   delete-namespace/ns                                                               -> "Success"
 * Search database, under its endpoint (same tokens), the index name in place of the namespace:
 *   upsert-data/index    {id, content, metadata?} or an array                         -> "Success"
 *   search/index         {query, topK?, filter?, includeMetadata?}                     -> SearchMatch[]
 *   fetch, delete, range (answering {nextCursor, vectors: documents}), reset, info,
 *   list-namespaces (the index names), delete-namespace/index                         as above
 */
import { z } from 'zod';
import { identified } from './liberal.js';

// Requests (the client builds them; the local service checks them itself).

export interface SparseVector {
	indices: number[];
	values: number[];
}

export interface VectorRecord {
	id: string | number;
	vector?: number[];
	sparseVector?: SparseVector;
	metadata?: Record<string, unknown>;
	data?: string;
}

export interface VectorReadOptions {
	includeVectors?: boolean;
	includeMetadata?: boolean;
	includeData?: boolean;
}

export interface VectorQuery extends VectorReadOptions {
	vector?: number[];
	sparseVector?: SparseVector;
	/** Text to embed instead of vectors. */
	data?: string;
	/** Default 10, at most 1000. */
	topK?: number;
	filter?: string;
	weightingStrategy?: 'IDF';
	fusionAlgorithm?: 'RRF' | 'DBSF';
	queryMode?: 'HYBRID' | 'DENSE' | 'SPARSE';
}

export interface RangeQuery {
	/** "" (or absent) to start; then the nextCursor of the previous page. */
	cursor?: string;
	/** 1 to 1000. */
	limit: number;
	prefix?: string;
}

/** Which records a fetch or delete names: ids, an id prefix, or (delete only) a filter. */
export type RecordSelection = (string | number)[] | { ids: (string | number)[] } | { prefix: string };

export interface SearchDocument {
	id: string;
	/** An object whose strings and numbers are all searchable (text is taken too). */
	content: string | Record<string, unknown>;
	metadata?: Record<string, unknown>;
}

export interface SearchQuery {
	query: string;
	/** Default 10, at most 1000. */
	topK?: number;
	filter?: string;
}

// Answers.

const Metadata = z.record(z.string(), z.unknown());

export const similarityNames = ['COSINE', 'EUCLIDEAN', 'DOT_PRODUCT'] as const;

const SparseVectorSchema = z.looseObject({ indices: z.array(z.number()), values: z.array(z.number()) });

export const FetchedVector = z.looseObject({
	id: z.string(),
	vector: z.array(z.number()).optional(),
	sparseVector: SparseVectorSchema.optional(),
	metadata: Metadata.optional(),
	data: z.string().optional(),
});
export type FetchedVector = z.infer<typeof FetchedVector>;

export const VectorMatch = FetchedVector.extend({ score: z.number() });
export type VectorMatch = z.infer<typeof VectorMatch>;

export const VectorRangePage = z.looseObject({ nextCursor: z.string(), vectors: z.array(FetchedVector) });
export type VectorRangePage = z.infer<typeof VectorRangePage>;

export const NamespaceInfo = z.looseObject({
	vectorCount: z.number().int(),
	pendingVectorCount: z.number().int(),
});

/** A vector index's info. Only the counts are required: a liberal reading of the rest. */
export const VectorIndexInfo = z.looseObject({
	vectorCount: z.number().int(),
	pendingVectorCount: z.number().int(),
	indexSize: z.number().int().optional(),
	dimension: z.number().int().optional(),
	similarityFunction: z.string().optional(),
	indexType: z.string().optional(),
	denseIndex: z.looseObject({ embeddingModel: z.string().optional() }).optional(),
	sparseIndex: z.looseObject({ embeddingModel: z.string().optional() }).optional(),
	namespaces: z.record(z.string(), NamespaceInfo).optional(),
});
export type VectorIndexInfo = z.infer<typeof VectorIndexInfo>;

export const FetchedDocument = z.looseObject({
	id: z.string(),
	content: z.union([z.string(), Metadata]),
	metadata: Metadata.optional(),
});
export type FetchedDocument = z.infer<typeof FetchedDocument>;

export const SearchMatch = FetchedDocument.extend({ score: z.number() });
export type SearchMatch = z.infer<typeof SearchMatch>;

export const DocumentRangePage = z.looseObject({
	nextCursor: z.string(),
	vectors: z.array(FetchedDocument),
});
export type DocumentRangePage = z.infer<typeof DocumentRangePage>;

/** The search database's info: counts in all and per index (`namespaces`). */
export const SearchDatabaseInfo = z.looseObject({
	vectorCount: z.number().int(),
	pendingVectorCount: z.number().int(),
	indexSize: z.number().int().optional(),
	namespaces: z.record(z.string(), NamespaceInfo).optional(),
});
export type SearchDatabaseInfo = z.infer<typeof SearchDatabaseInfo>;

export const DeleteResult = z.looseObject({ deleted: z.number().int() });
export type DeleteResult = z.infer<typeof DeleteResult>;

export const UpdateResult = z.looseObject({ updated: z.number().int() });

export const ResumableStart = z.looseObject({ uuid: z.string(), scores: z.array(VectorMatch) });
export type ResumableStart = z.infer<typeof ResumableStart>;

/** Every data-plane success: `{"result": ...}`. */
export function resultOf<T extends z.ZodType>(schema: T) {
	return z.looseObject({ result: schema });
}

// Readings for browsing an index's data (the panes and `mqtop vector`/`mqtop search`): read
// liberally (liberal.ts), so that only a record's id (and a page's cursor) is required and a
// field of another type or shape is left out and said, never the whole answer refused.

const recordFields = {
	id: z.string(),
	vector: z.array(z.number()),
	sparseVector: SparseVectorSchema,
	metadata: Metadata,
	data: z.string(),
};

/** A vector record as fetched or ranged over. */
export const VectorRecordReading = identified(z.looseObject(recordFields), ['id']);
/** A match of a vector query: a record with its score. */
export const VectorHitReading = identified(z.looseObject({ ...recordFields, score: z.number() }), ['id']);
/** One page of a range; `nextCursor` is "" at the end. */
export const VectorPageReading = identified(
	z.looseObject({ nextCursor: z.string(), vectors: z.array(VectorRecordReading) }),
	['nextCursor'],
);

const documentFields = { id: z.string(), content: z.union([z.string(), Metadata]), metadata: Metadata };

/** A search document as fetched or ranged over. */
export const DocumentReading = identified(z.looseObject(documentFields), ['id']);
/** A match of a search: a document with its score. */
export const DocumentHitReading = identified(z.looseObject({ ...documentFields, score: z.number() }), ['id']);
/** One page of a range over documents (under `vectors`, as the SDK reads them). */
export const DocumentPageReading = identified(
	z.looseObject({ nextCursor: z.string(), vectors: z.array(DocumentReading) }),
	['nextCursor'],
);
