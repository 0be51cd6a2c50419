/**
 * The data planes of a vector index and a search index: request types and zod schemas of the
 * answers. Not in interface.md, which only has the statistics of such indexes; the shapes
 * follow the REST API of deployed indexes of this kind: every success is `{"result": ...}`,
 * every error `{"error": "..."}` (decisions.md, "Errors").
 *
 * Vector index, under its endpoint (Bearer: the index token; reads also the read-only token):
 *   POST   /upsert  {id, vector, metadata?} or an array of them      -> "Success"
 *   POST   /query   {vector, topK?=10, includeVectors?, includeMetadata?} -> VectorMatch[]
 *   POST   /fetch   {ids, includeVectors?, includeMetadata?} or [ids] -> (FetchedVector | null)[]
 *   POST   /delete  {ids} or [ids]                                    -> {deleted}
 *   POST   /range   {cursor?, limit, includeVectors?, includeMetadata?} -> {nextCursor, vectors}
 *   GET    /info                                                      -> VectorIndexInfo
 *   DELETE /reset                                                     -> "Success"
 * Search index, under its endpoint (same tokens):
 *   POST   /upsert  {id, content, metadata?} or an array of them     -> "Success"
 *   POST   /search  {query, topK?=10}                                 -> SearchMatch[]
 *   POST   /fetch, /delete, /range, GET /info, DELETE /reset          as above, with documents
 */
import { z } from 'zod';

// Requests (the client builds them; the local service checks them with its own schemas).

export interface VectorRecord {
	id: string;
	vector: number[];
	metadata?: Record<string, unknown>;
}

export interface VectorReadOptions {
	includeVectors?: boolean;
	includeMetadata?: boolean;
}

export interface VectorQuery extends VectorReadOptions {
	vector: number[];
	/** Default 10, at most 1000. */
	topK?: number;
}

export interface RangeQuery {
	/** "" (or absent) to start; then the nextCursor of the previous page. */
	cursor?: string;
	/** 1 to 1000. */
	limit: number;
}

export interface SearchDocument {
	id: string;
	/** Text, or an object whose strings and numbers are all searchable. */
	content: string | Record<string, unknown>;
	metadata?: Record<string, unknown>;
}

export interface SearchQuery {
	query: string;
	/** Default 10, at most 1000. */
	topK?: number;
}

// Answers.

const Metadata = z.record(z.string(), z.unknown());

export const similarityNames = ['COSINE', 'EUCLIDEAN', 'DOT_PRODUCT'] as const;

export const FetchedVector = z.looseObject({
	id: z.string(),
	vector: z.array(z.number()).optional(),
	metadata: Metadata.optional(),
});
export type FetchedVector = z.infer<typeof FetchedVector>;

export const VectorMatch = FetchedVector.extend({ score: z.number() });
export type VectorMatch = z.infer<typeof VectorMatch>;

export const VectorRangePage = z.looseObject({ nextCursor: z.string(), vectors: z.array(FetchedVector) });
export type VectorRangePage = z.infer<typeof VectorRangePage>;

export const VectorIndexInfo = z.looseObject({
	vectorCount: z.number().int(),
	pendingVectorCount: z.number().int(),
	indexSize: z.number().int(),
	dimension: z.number().int(),
	similarityFunction: z.enum(similarityNames),
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
	documents: z.array(FetchedDocument),
});
export type DocumentRangePage = z.infer<typeof DocumentRangePage>;

export const SearchIndexInfo = z.looseObject({
	documentCount: z.number().int(),
	pendingDocumentCount: z.number().int(),
	indexSize: z.number().int(),
});
export type SearchIndexInfo = z.infer<typeof SearchIndexInfo>;

export const DeleteResult = z.looseObject({ deleted: z.number().int() });
export type DeleteResult = z.infer<typeof DeleteResult>;

/** Every data-plane success: `{"result": ...}`. */
export function resultOf<T extends z.ZodType>(schema: T) {
	return z.looseObject({ result: schema });
}
