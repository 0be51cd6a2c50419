/**
 * The shapes a vector store takes and gives: records as upserted, read, kept and queried, and
 * the bounds of an index's shape. Kept apart from store.ts, which does the work.
 */

import type { RecordSink } from '../../stores/record-sink.js';
import type { AnswerBudget } from '../common/answer-budget.js';
import type { FilterPredicate } from '../common/filter/evaluate.js';
import type { FusionAlgorithm } from './fusion.js';
import type { Similarity } from './similarity.js';
import type { Weighting } from './sparse-column.js';

export const indexTypes = ['DENSE', 'SPARSE', 'HYBRID'] as const;
export type IndexType = (typeof indexTypes)[number];

export interface SparseVectorJson {
	indices: number[];
	values: number[];
}

/** A record as upserted; the vectors the index type needs, checked by the store. */
export interface VectorInput {
	id: string;
	vector?: unknown;
	sparseVector?: unknown;
	metadata?: Record<string, unknown> | undefined;
	data?: string | undefined;
}

export interface ReadOptions {
	includeVectors?: boolean | undefined;
	includeMetadata?: boolean | undefined;
	includeData?: boolean | undefined;
	/** Charged with what each record read takes in the answer. */
	budget?: AnswerBudget | undefined;
}

export interface StoredVector {
	id: string;
	vector?: number[];
	sparseVector?: SparseVectorJson;
	metadata?: Record<string, unknown>;
	data?: string;
}

export interface QueryMatch extends StoredVector {
	score: number;
}

export interface QueryRequest extends ReadOptions {
	vector?: unknown;
	sparseVector?: unknown;
	topK: number;
	/** Only records it holds for are candidates. */
	filter?: FilterPredicate | undefined;
	weightingStrategy?: Weighting;
	fusionAlgorithm?: FusionAlgorithm | undefined;
	/** Hybrid: candidates taken from each part before fusing; default max(topK, 100). */
	depth?: number | undefined;
	/** Ids that are not candidates (those a resumable query already returned). */
	exclude?: ReadonlySet<string> | undefined;
}

export interface RangeRequest extends ReadOptions {
	cursor?: string | number | undefined;
	limit: number;
	prefix?: string | undefined;
}

export interface RangePage {
	/** "" when the scan is complete. */
	nextCursor: string;
	vectors: StoredVector[];
}

export type MetadataUpdateMode = 'OVERWRITE' | 'PATCH';

export interface UpdateRequest {
	id: string;
	vector?: unknown;
	sparseVector?: unknown;
	metadata?: Record<string, unknown> | undefined;
	metadataUpdateMode?: MetadataUpdateMode | undefined;
	data?: string | undefined;
}

export interface VectorStoreOptions {
	/** Default DENSE. */
	type?: IndexType;
	/** Of the dense part; ignored for SPARSE. */
	dimension: number;
	similarity: Similarity;
	/** Slots allocated up front (rounded up to whole 64 KiB pages); the slab grows from there. */
	initialCapacity?: number;
	/** Told of every record written, deleted or reset, by id. */
	sink?: RecordSink<KeptVector> | undefined;
}

/** A record as it is kept: dense float32 and sparse (uint32, float64) values as bytes, metadata and data. */
export interface KeptVector {
	vector?: Uint8Array | undefined;
	sparseIndices?: Uint8Array | undefined;
	sparseValues?: Uint8Array | undefined;
	metadata?: Record<string, unknown> | undefined;
	data?: string | undefined;
}

export const maxDimension = 4096;
/** Hybrid candidates taken from each part, at least. */
export const defaultFusionDepth = 100;

function bytesOf(array: Float32Array | Float64Array | Uint32Array): Uint8Array {
	return new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
}

/** A copy: kept bytes need not be aligned for a typed array. */
function viewAs<T extends Float32Array | Float64Array | Uint32Array>(
	bytes: Uint8Array,
	make: (buffer: ArrayBuffer) => T,
): T {
	return make(new Uint8Array(bytes).buffer);
}

/** A kept record as the store takes it back. */
export function fromKept(id: string, record: KeptVector): VectorInput {
	const vector = record.vector && viewAs(record.vector, (buffer) => new Float32Array(buffer));
	const sparseVector =
		record.sparseIndices && record.sparseValues
			? {
					indices: Array.from(viewAs(record.sparseIndices, (buffer) => new Uint32Array(buffer))),
					values: Array.from(viewAs(record.sparseValues, (buffer) => new Float64Array(buffer))),
				}
			: undefined;
	return { id, vector, sparseVector, metadata: record.metadata, data: record.data };
}

/** A record as it is kept. */
export function toKept(
	vector: Float32Array | undefined,
	sparse: { indices: Uint32Array; values: Float64Array } | undefined,
	metadata: Record<string, unknown> | undefined,
	data: string | undefined,
): KeptVector {
	return {
		vector: vector && bytesOf(vector),
		sparseIndices: sparse && bytesOf(sparse.indices),
		sparseValues: sparse && bytesOf(sparse.values),
		metadata,
		data,
	};
}
