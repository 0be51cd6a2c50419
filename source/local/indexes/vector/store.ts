/**
 * An exact (brute-force) vector store: every vector lives in one contiguous Float32Array slab
 * (slab.ts) that grows by at least an eighth when full; deleted slots go on a free list and
 * are reused by the next insert. Cosine indexes keep 1/|v| per slot so a query costs one dot
 * product per vector. A query scores every slot with the SIMD kernels (float32 sums), keeps
 * the k best in a bounded heap, and re-scores those k in float64 for the answer.
 *
 * Pure and synchronous: no I/O, no clock. The HTTP data plane measures and counts around it.
 * Indexing is immediate, so the pending count is always 0.
 *
 * Objects handed in as metadata are kept as they are (the store takes ownership), and fetch,
 * query and range return them, not copies.
 */

import { discard, type RecordSink } from '../../stores/record-sink.js';
import { EngineError } from '../common/engine-error.js';
import {
	checkBatch,
	checkCount,
	checkId,
	checkMetadata,
	jsonBytes,
	parseCursor,
	slotsToDelete,
} from '../common/records.js';
import { TopK } from '../common/top-k.js';
import {
	dotAt,
	type Similarity,
	scoreFromKey,
	similarityFunctions,
	squaredDistanceAt,
	squaredNormAt,
} from './similarity.js';
import { Slab } from './slab.js';

export interface VectorInput {
	id: string;
	vector: ArrayLike<number>;
	metadata?: Record<string, unknown> | undefined;
}

export interface ReadOptions {
	includeVectors?: boolean | undefined;
	includeMetadata?: boolean | undefined;
}

export interface StoredVector {
	id: string;
	vector?: number[];
	metadata?: Record<string, unknown>;
}

export interface QueryMatch extends StoredVector {
	score: number;
}

export interface QueryRequest extends ReadOptions {
	vector: ArrayLike<number>;
	topK: number;
}

export interface RangeRequest extends ReadOptions {
	cursor?: string | number | undefined;
	limit: number;
}

export interface RangePage {
	/** "" when the scan is complete. */
	nextCursor: string;
	vectors: StoredVector[];
}

export interface VectorInfo {
	vectorCount: number;
	pendingVectorCount: number;
	/** Bytes of the stored data (see dataSize). */
	indexSize: number;
	dimension: number;
	similarityFunction: Similarity;
}

export interface VectorStoreOptions {
	dimension: number;
	similarity: Similarity;
	/** Slots allocated up front (rounded up to whole 64 KiB pages); the slab grows from there. */
	initialCapacity?: number;
	/** Told of every vector written, deleted or reset, by id. */
	sink?: RecordSink<KeptVector> | undefined;
}

/** A vector as it is kept: its float32 values as bytes, and its metadata. */
export interface KeptVector {
	vector: Uint8Array;
	metadata?: Record<string, unknown> | undefined;
}

export const maxDimension = 4096;

interface CheckedRecord {
	id: string;
	vector: Float32Array;
	metadata: Record<string, unknown> | undefined;
}

export class VectorStore {
	readonly dimension: number;
	readonly similarity: Similarity;
	private readonly initialCapacity: number;
	private readonly slab: Slab;
	/** Per slot, sized to the slab's capacity: 1/|v| (cosine only), bytes of id and metadata, liveness. */
	private invNorms: Float64Array;
	private extraBytes: Int32Array;
	private live: Uint8Array;
	private ids: (string | undefined)[] = [];
	private metadata: (Record<string, unknown> | undefined)[] = [];
	private readonly slotOf = new Map<string, number>();
	private free: number[] = [];
	/** Slots at or above this were never used. */
	private highWater = 0;
	private bytes = 0;
	private readonly sink: RecordSink<KeptVector>;

	constructor(options: VectorStoreOptions) {
		const { dimension, similarity } = options;
		if (!Number.isInteger(dimension) || dimension < 1 || dimension > maxDimension)
			throw new EngineError('invalid', `dimension must be an integer from 1 to ${maxDimension}`);
		if (!similarityFunctions.includes(similarity))
			throw new EngineError('invalid', `similarity must be one of ${similarityFunctions.join(', ')}`);
		this.dimension = dimension;
		this.similarity = similarity;
		this.sink = options.sink ?? discard();
		this.initialCapacity = Math.max(1, options.initialCapacity ?? 1024);
		this.slab = new Slab(dimension, this.initialCapacity);
		const capacity = this.slab.capacity;
		this.invNorms = new Float64Array(similarity === 'COSINE' ? capacity : 0);
		this.extraBytes = new Int32Array(capacity);
		this.live = new Uint8Array(capacity);
	}

	get size(): number {
		return this.slotOf.size;
	}

	/** Slots allocated: vectors the store holds before it must grow. */
	get capacity(): number {
		return this.slab.capacity;
	}

	/** Bytes of what is stored: 4 per float, plus each id and metadata as UTF-8 JSON. */
	get dataSize(): number {
		return this.bytes;
	}

	/** Bytes the store has allocated for vectors and per-slot arrays, used or not. */
	get allocatedBytes(): number {
		return (
			this.slab.allocatedBytes + this.invNorms.byteLength + this.extraBytes.byteLength + this.live.byteLength
		);
	}

	info(): VectorInfo {
		return {
			vectorCount: this.size,
			pendingVectorCount: 0,
			indexSize: this.bytes,
			dimension: this.dimension,
			similarityFunction: this.similarity,
		};
	}

	/**
	 * Inserts or replaces each record, in order (a later record with the same id wins). Every
	 * record is checked, and room made, before any is written, so a bad batch leaves the store
	 * unchanged. Returns the number of records written.
	 */
	upsert(records: readonly VectorInput[]): number {
		checkBatch(records.length, 'vectors');
		const checked = records.map((record, i) => this.checkRecord(record, `vectors[${i}]`));
		const added = new Set(checked.map((r) => r.id).filter((id) => !this.slotOf.has(id))).size;
		this.ensureCapacity(this.highWater + Math.max(0, added - this.free.length));
		for (const record of checked) {
			this.write(record);
			const { buffer, byteOffset, byteLength } = record.vector;
			this.sink.put(record.id, {
				vector: new Uint8Array(buffer, byteOffset, byteLength),
				metadata: record.metadata,
			});
		}
		return checked.length;
	}

	/** Puts back vectors that were kept (any number; their sink is not told); bad ones are skipped. */
	restore(kept: readonly (readonly [string, KeptVector])[]): void {
		for (const [id, { vector, metadata }] of kept) {
			if (vector.byteLength !== this.dimension * 4) continue;
			// A copy: the kept bytes need not be aligned for a Float32Array.
			const values = new Float32Array(new Uint8Array(vector).buffer);
			try {
				const record = this.checkRecord({ id, vector: values, metadata }, id);
				this.ensureCapacity(this.highWater + 1);
				this.write(record);
			} catch (error) {
				if (!(error instanceof EngineError)) throw error;
			}
		}
	}

	query(request: QueryRequest): QueryMatch[] {
		const topK = checkCount(request.topK, 'topK');
		const q = this.checkVector(request.vector, 'query vector', new Float64Array(this.dimension));
		const best = new TopK(Math.min(topK, this.size));
		if (best.k > 0) this.rank(q, best);
		const queryNorm = this.similarity === 'COSINE' ? Math.sqrt(sumOfSquares(q)) : 1;
		return best
			.sorted()
			.map(({ ref: slot }) => ({ slot, score: this.score(this.exactKey(q, slot), queryNorm) }))
			.sort((a, b) => b.score - a.score || a.slot - b.slot)
			.map(({ slot, score }) => ({ ...this.read(slot, request), score }));
	}

	/** One entry per id, in order: the vector, or null when the id is unknown. */
	fetch(ids: readonly string[], options: ReadOptions = {}): (StoredVector | null)[] {
		checkBatch(ids.length, 'ids');
		return ids.map((id, i) => {
			const slot = this.slotOf.get(checkId(id, `ids[${i}]`));
			return slot === undefined ? null : this.read(slot, options);
		});
	}

	/** Deletes every id, or nothing when one is unknown (slotsToDelete); returns the count. */
	delete(ids: readonly string[]): number {
		const slots = slotsToDelete(ids, this.slotOf, 'vector');
		for (const slot of slots) {
			this.sink.delete(this.ids[slot]!);
			this.remove(slot);
		}
		return slots.length;
	}

	range(request: RangeRequest): RangePage {
		const limit = checkCount(request.limit, 'limit');
		let slot = parseCursor(request.cursor);
		const vectors: StoredVector[] = [];
		const end = this.highWater;
		for (; slot < end && vectors.length < limit; slot++)
			if (this.live[slot] === 1) vectors.push(this.read(slot, request));
		while (slot < end && this.live[slot] !== 1) slot++;
		return { nextCursor: slot < end ? String(slot) : '', vectors };
	}

	/** Removes every vector and gives back the memory beyond the initial slab. */
	reset(): void {
		this.slab.reset(this.initialCapacity);
		const capacity = this.slab.capacity;
		this.invNorms = new Float64Array(this.similarity === 'COSINE' ? capacity : 0);
		this.extraBytes = new Int32Array(capacity);
		this.live = new Uint8Array(capacity);
		this.ids = [];
		this.metadata = [];
		this.slotOf.clear();
		this.free = [];
		this.highWater = 0;
		this.bytes = 0;
		this.sink.clear();
	}

	/**
	 * Offers every live slot to `best` under its float32 ranking key (cos * |q|, -|q - v|^2 or
	 * q . v). Slots come in increasing order, so `key > threshold` is exactly "would enter the
	 * heap" (a larger slot loses ties), and the heap is touched only for those.
	 */
	private rank(q: Float64Array, best: TopK): void {
		const { live, invNorms, similarity } = this;
		let threshold = best.threshold;
		const kind = similarity === 'EUCLIDEAN' ? 'distance' : 'dot';
		this.slab.scan(q, kind, this.highWater, (from, count, keys) => {
			for (let j = 0; j < count; j++) {
				const slot = from + j;
				if (live[slot] !== 1) continue;
				const raw = keys[j]!;
				const key = similarity === 'COSINE' ? raw * invNorms[slot]! : similarity === 'EUCLIDEAN' ? -raw : raw;
				if (key > threshold) {
					best.offer(key, slot);
					threshold = best.threshold;
				}
			}
		});
	}

	/** The ranking key of one slot in float64, for the score of a result. */
	private exactKey(q: Float64Array, slot: number): number {
		const { floats, stride } = this.slab;
		const offset = slot * stride;
		if (this.similarity === 'COSINE') return dotAt(q, floats, offset, this.dimension) * this.invNorms[slot]!;
		if (this.similarity === 'EUCLIDEAN') return -squaredDistanceAt(q, floats, offset, this.dimension);
		return dotAt(q, floats, offset, this.dimension);
	}

	private score(key: number, queryNorm: number): number {
		const score = scoreFromKey(this.similarity, key, queryNorm);
		// Rounding can push a cosine a hair past +-1.
		return this.similarity === 'COSINE' ? Math.min(1, Math.max(0, score)) : score;
	}

	private read(slot: number, options: ReadOptions): StoredVector {
		const out: StoredVector = { id: this.ids[slot]! };
		if (options.includeVectors) out.vector = this.slab.read(slot);
		if (options.includeMetadata) {
			const metadata = this.metadata[slot];
			if (metadata !== undefined) out.metadata = metadata;
		}
		return out;
	}

	private checkRecord(record: VectorInput, where: string): CheckedRecord {
		if (typeof record !== 'object' || record === null)
			throw new EngineError('invalid', `${where}: expected an object with id and vector`);
		return {
			id: checkId(record.id, where),
			// Converted once here; the slab then takes a plain copy of the same type.
			vector: this.checkVector(record.vector, `${where}.vector`, new Float32Array(this.dimension)),
			metadata: checkMetadata(record.metadata, where),
		};
	}

	/** Copies values into `out` after checking their count and that each is a finite float32. */
	private checkVector<T extends Float32Array | Float64Array>(
		values: ArrayLike<number>,
		where: string,
		out: T,
	): T {
		if (values === null || typeof values !== 'object' || typeof values.length !== 'number')
			throw new EngineError('invalid', `${where} must be an array of ${this.dimension} numbers`);
		if (values.length !== this.dimension)
			throw new EngineError(
				'invalid',
				`${where} has ${values.length} dimensions; this index has ${this.dimension}`,
			);
		for (let i = 0; i < this.dimension; i++) {
			const value = values[i];
			// Stored as float32: 1e39 is finite here but would become Infinity in the slab.
			if (typeof value !== 'number' || !Number.isFinite(Math.fround(value)))
				throw new EngineError(
					'invalid',
					`${where}[${i}] must be a finite number within the 32-bit float range, got ${String(value)}`,
				);
			out[i] = value;
		}
		if (this.similarity === 'COSINE' && out.every((v) => Math.fround(v) === 0))
			throw new EngineError('invalid', `${where} is all zeros: cosine similarity needs a direction`);
		return out;
	}

	private write(record: CheckedRecord): void {
		let slot = this.slotOf.get(record.id);
		if (slot === undefined) {
			slot = this.free.pop() ?? this.highWater++;
			this.slotOf.set(record.id, slot);
			this.ids[slot] = record.id;
			this.live[slot] = 1;
		} else {
			this.bytes -= this.dimension * 4 + this.extraBytes[slot]!;
		}
		this.slab.write(slot, record.vector);
		if (this.similarity === 'COSINE')
			this.invNorms[slot] =
				1 / Math.sqrt(squaredNormAt(this.slab.floats, slot * this.slab.stride, this.dimension));
		this.metadata[slot] = record.metadata;
		const extra = Buffer.byteLength(record.id) + jsonBytes(record.metadata);
		this.extraBytes[slot] = extra;
		this.bytes += this.dimension * 4 + extra;
	}

	private remove(slot: number): void {
		this.slotOf.delete(this.ids[slot]!);
		this.bytes -= this.dimension * 4 + this.extraBytes[slot]!;
		this.ids[slot] = undefined;
		this.metadata[slot] = undefined;
		this.live[slot] = 0;
		this.extraBytes[slot] = 0;
		this.free.push(slot);
	}

	/** Grows the slab, then the per-slot arrays to its new capacity. */
	private ensureCapacity(slots: number): void {
		if (slots <= this.slab.capacity) return;
		this.slab.ensureCapacity(slots);
		const capacity = this.slab.capacity;
		if (this.similarity === 'COSINE') this.invNorms = grown(this.invNorms, new Float64Array(capacity));
		this.extraBytes = grown(this.extraBytes, new Int32Array(capacity));
		this.live = grown(this.live, new Uint8Array(capacity));
	}
}

function grown<T extends Float64Array | Int32Array | Uint8Array>(from: T, to: T): T {
	to.set(from);
	return to;
}

function sumOfSquares(values: Float64Array): number {
	let s = 0;
	for (const v of values) s += v * v;
	return s;
}
