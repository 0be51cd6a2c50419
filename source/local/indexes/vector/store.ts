/**
 * One namespace of a vector index: an exact (brute-force) store of records, each an id with a
 * dense vector (dense and hybrid indexes), a sparse vector (sparse and hybrid), metadata and
 * data. Records live in slots; deleted slots go on a free list and are reused, and the slot
 * arrays grow by at least an eighth when full. Dense vectors are in dense-column.ts (a SIMD
 * scanned slab), sparse ones in sparse-column.ts (an inverted index).
 *
 * Queries: a dense query scores every slot and keeps the k best in a bounded heap, a sparse
 * one only the slots sharing a dimension with it; a filter (a compiled predicate over the
 * metadata) is asked only of candidates that would enter the heap. A hybrid query takes each
 * part's best `depth` candidates and fuses them (fusion.ts).
 *
 * Pure and synchronous: no I/O, no clock. Objects handed in as metadata are kept as they are
 * (the store takes ownership) and returned, not copied. Indexing is immediate: nothing pends.
 */

import { discard, type RecordSink } from '../../stores/record-sink.js';
import { EngineError } from '../common/engine-error.js';
import type { FilterPredicate } from '../common/filter/evaluate.js';
import { shortestFloat32, shortestFloats } from '../common/float32.js';
import { mergePatch } from '../common/merge-patch.js';
import {
	checkBatch,
	checkCount,
	checkData,
	checkMetadata,
	checkMetadataSize,
	deleteIds,
	jsonBytes,
	scanPage,
} from '../common/records.js';
import { TopK } from '../common/top-k.js';
import { DenseColumn } from './dense-column.js';
import { fuse, type Scored } from './fusion.js';
import { type Similarity, similarityFunctions } from './similarity.js';
import { SparseColumn, type SparseValues, type Weighting } from './sparse-column.js';
import {
	defaultFusionDepth,
	fromKept,
	type IndexType,
	indexTypes,
	type KeptVector,
	maxDimension,
	type QueryMatch,
	type QueryRequest,
	type RangePage,
	type RangeRequest,
	type ReadOptions,
	type StoredVector,
	toKept,
	type UpdateRequest,
	type VectorInput,
	type VectorStoreOptions,
} from './store-types.js';

export { mergePatch } from '../common/merge-patch.js';
export * from './store-types.js';

interface CheckedRecord {
	id: string;
	vector: Float32Array | undefined;
	sparse: SparseValues | undefined;
	metadata: Record<string, unknown> | undefined;
	data: string | undefined;
}

export class VectorStore {
	readonly type: IndexType;
	readonly dimension: number;
	readonly similarity: Similarity;
	private readonly initialCapacity: number;
	private readonly dense: DenseColumn | undefined;
	private readonly sparse: SparseColumn | undefined;
	/** Per slot: liveness, and bytes of id, metadata and data. */
	private live: Uint8Array;
	private extraBytes: Int32Array;
	private slots = 0;
	private ids: (string | undefined)[] = [];
	private metadata: (Record<string, unknown> | undefined)[] = [];
	private data: (string | undefined)[] = [];
	private readonly slotOf = new Map<string, number>();
	private free: number[] = [];
	/** Slots at or above this were never used. */
	private highWater = 0;
	private bytes = 0;
	private readonly sink: RecordSink<KeptVector>;

	constructor(options: VectorStoreOptions) {
		const { dimension, similarity } = options;
		this.type = options.type ?? 'DENSE';
		if (!indexTypes.includes(this.type))
			throw new EngineError('invalid', `the index type must be one of ${indexTypes.join(', ')}`);
		if (this.type !== 'SPARSE' && (!Number.isInteger(dimension) || dimension < 1 || dimension > maxDimension))
			throw new EngineError('invalid', `dimension must be an integer from 1 to ${maxDimension}`);
		if (!similarityFunctions.includes(similarity))
			throw new EngineError('invalid', `similarity must be one of ${similarityFunctions.join(', ')}`);
		this.dimension = this.type === 'SPARSE' ? 0 : dimension;
		this.similarity = similarity;
		this.sink = options.sink ?? discard();
		this.initialCapacity = Math.max(1, options.initialCapacity ?? 1024);
		if (this.type !== 'SPARSE') this.dense = new DenseColumn(dimension, similarity, this.initialCapacity);
		if (this.type !== 'DENSE') this.sparse = new SparseColumn();
		this.slots = this.dense?.capacity ?? this.initialCapacity;
		this.live = new Uint8Array(this.slots);
		this.extraBytes = new Int32Array(this.slots);
	}

	get size(): number {
		return this.slotOf.size;
	}

	/** Slots allocated: records the store holds before it must grow. */
	get capacity(): number {
		return this.slots;
	}

	/** Bytes of what is stored: 4 per float (12 per sparse entry), plus ids, metadata and data. */
	get dataSize(): number {
		return this.bytes;
	}

	/** Bytes the store has allocated for vectors and per-slot arrays, used or not. */
	get allocatedBytes(): number {
		return (this.dense?.allocatedBytes ?? 0) + this.live.byteLength + this.extraBytes.byteLength;
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
			this.keep(record);
		}
		return checked.length;
	}

	/**
	 * Changes parts of one record: its vectors, data, and metadata (replaced, or merged as an
	 * RFC 7396 patch). Returns 1, or 0 when there is no record with that id.
	 */
	update(request: UpdateRequest): number {
		const slot = this.slotOf.get(request.id);
		const where = 'update';
		const vector =
			request.vector === undefined ? undefined : this.checkDense(request.vector, `${where}.vector`);
		const sparse =
			request.sparseVector === undefined
				? undefined
				: this.checkSparse(request.sparseVector, `${where}.sparseVector`);
		if (this.type === 'HYBRID' && (vector === undefined) !== (sparse === undefined))
			throw new EngineError(
				'invalid',
				'update: a hybrid index takes vector and sparseVector together, or neither',
			);
		const data = checkData(request.data, where);
		const patch = checkMetadata(request.metadata, where);
		if (slot === undefined) return 0;
		const current = this.recordAt(slot);
		const metadata =
			request.metadata === undefined
				? current.metadata
				: request.metadataUpdateMode === 'PATCH'
					? (mergePatch(current.metadata ?? {}, patch) as Record<string, unknown>)
					: patch;
		checkMetadataSize(metadata, where);
		const record: CheckedRecord = {
			id: current.id,
			vector: vector ?? current.vector,
			sparse: sparse ?? current.sparse,
			metadata,
			data: data ?? current.data,
		};
		this.write(record);
		this.keep(record);
		return 1;
	}

	/** Puts back records that were kept (any number; their sink is not told); bad ones are skipped and counted. */
	restore(kept: readonly (readonly [string, KeptVector])[]): number {
		let skipped = 0;
		for (const [id, record] of kept) {
			try {
				const checked = this.checkRecord(fromKept(id, record), id);
				this.ensureCapacity(this.highWater + 1);
				this.write(checked);
			} catch (error) {
				if (!(error instanceof EngineError)) throw error;
				skipped++;
			}
		}
		return skipped;
	}

	/**
	 * The topK best records for a dense vector, a sparse vector, or both (hybrid, fused),
	 * best first. Scores are float32, printed shortest.
	 */
	query(request: QueryRequest): QueryMatch[] {
		const topK = checkCount(request.topK, 'topK');
		const { dense, sparse } = this.queryVectors(request);
		const accept = this.acceptor(request.filter, request.exclude);
		let ranked: Scored[];
		if (dense && sparse) {
			const depth = request.depth ?? Math.max(topK, defaultFusionDepth);
			ranked = fuse(
				this.rankDense(dense, depth, accept),
				this.rankSparse(sparse, depth, request.weightingStrategy, accept),
				request.fusionAlgorithm ?? 'RRF',
			).slice(0, topK);
		} else if (dense) ranked = this.rankDense(dense, topK, accept);
		else ranked = this.rankSparse(sparse!, topK, request.weightingStrategy, accept);
		return ranked.map(({ ref, score }) => ({ ...this.read(ref, request), score: shortestFloat32(score) }));
	}

	/** One entry per id, in order: the record, or null when the id is unknown. */
	fetch(ids: readonly string[], options: ReadOptions = {}): (StoredVector | null)[] {
		checkBatch(ids.length, 'ids');
		return ids.map((id) => {
			const slot = this.slotOf.get(id);
			return slot === undefined ? null : this.read(slot, options);
		});
	}

	/** The records whose id starts with `prefix`, in slot order, at most `limit` of them. */
	fetchPrefix(prefix: string, options: ReadOptions = {}, limit = 1000): StoredVector[] {
		const out: StoredVector[] = [];
		for (let slot = 0; slot < this.highWater && out.length < limit; slot++)
			if (this.live[slot] === 1 && this.ids[slot]!.startsWith(prefix)) out.push(this.read(slot, options));
		return out;
	}

	/** Deletes the ids it has (unknown ones are not an error); returns how many it deleted. */
	delete(ids: readonly string[]): number {
		return deleteIds(ids, this.slotOf, (slot) => this.drop(slot));
	}

	/** Deletes every record whose id starts with `prefix` or that `filter` holds for. */
	deleteWhere(match: { prefix: string } | { filter: FilterPredicate }): number {
		const test =
			'prefix' in match
				? (slot: number) => this.ids[slot]!.startsWith(match.prefix)
				: (slot: number) => match.filter(this.metadata[slot], this.metadata[slot]);
		// Chosen first: a filter past its work budget throws, and then nothing is deleted.
		const chosen: number[] = [];
		for (let slot = 0; slot < this.highWater; slot++)
			if (this.live[slot] === 1 && test(slot)) chosen.push(slot);
		for (const slot of chosen) this.drop(slot);
		return chosen.length;
	}

	/**
	 * Slot-ordered paging with the cursor rules of records.ts; with a prefix, only ids that start
	 * with it, and the cursor is "" once no later one does.
	 */
	range(request: RangeRequest): RangePage {
		const { prefix } = request;
		const page = scanPage(
			request.cursor,
			request.limit,
			this.highWater,
			(slot) => this.live[slot] === 1 && (prefix === undefined || this.ids[slot]!.startsWith(prefix)),
		);
		return { nextCursor: page.nextCursor, vectors: page.slots.map((slot) => this.read(slot, request)) };
	}

	/** Removes every record (telling the sink of each) and gives back the memory beyond the initial slab. */
	reset(): void {
		// What is allocated first: the sink hears of the deletes only once nothing can fail.
		this.dense?.reset(this.initialCapacity);
		const slots = this.dense?.capacity ?? this.initialCapacity;
		const live = new Uint8Array(slots);
		const extraBytes = new Int32Array(slots);
		for (const id of this.slotOf.keys()) this.sink.delete(id);
		this.sparse?.reset();
		this.slots = slots;
		this.live = live;
		this.extraBytes = extraBytes;
		this.ids = [];
		this.metadata = [];
		this.data = [];
		this.slotOf.clear();
		this.free = [];
		this.highWater = 0;
		this.bytes = 0;
	}

	private queryVectors(request: QueryRequest): { dense?: Float32Array; sparse?: SparseValues } {
		const hasDense = request.vector !== undefined && request.vector !== null;
		const hasSparse = request.sparseVector !== undefined && request.sparseVector !== null;
		if (this.type === 'DENSE' && hasSparse)
			throw new EngineError('invalid', 'this is a dense index: query with vector, not sparseVector');
		if (this.type === 'SPARSE' && hasDense)
			throw new EngineError('invalid', 'this is a sparse index: query with sparseVector, not vector');
		if (!hasDense && !hasSparse)
			throw new EngineError(
				'invalid',
				this.type === 'DENSE'
					? 'query needs a vector (or data to embed)'
					: this.type === 'SPARSE'
						? 'query needs a sparseVector (or data to embed)'
						: 'query needs a vector, a sparseVector or both (or data to embed)',
			);
		return {
			...(hasDense ? { dense: this.checkDense(request.vector, 'query vector') } : {}),
			...(hasSparse ? { sparse: this.checkSparse(request.sparseVector, 'query sparseVector') } : {}),
		};
	}

	private acceptor(
		filter: FilterPredicate | undefined,
		exclude: ReadonlySet<string> | undefined,
	): (slot: number) => boolean {
		const { live, metadata, ids } = this;
		if (!filter && !exclude) return (slot) => live[slot] === 1;
		return (slot) =>
			live[slot] === 1 &&
			(exclude === undefined || !exclude.has(ids[slot]!)) &&
			(filter === undefined || filter(metadata[slot], metadata[slot]));
	}

	/** The k best dense candidates with their exact scores, best first. */
	private rankDense(q: Float32Array, k: number, accept: (slot: number) => boolean): Scored[] {
		const best = new TopK(Math.min(k, this.size));
		if (best.k > 0) this.dense!.rank(Float64Array.from(q), this.highWater, best, accept);
		return best
			.sorted()
			.map(({ ref }) => ({ ref, score: this.dense!.exactScore(q, ref) }))
			.sort((a, b) => b.score - a.score || a.ref - b.ref);
	}

	private rankSparse(
		q: SparseValues,
		k: number,
		weighting: Weighting,
		accept: (slot: number) => boolean,
	): Scored[] {
		const best = new TopK(Math.min(k, this.size));
		if (best.k > 0) this.sparse!.rank(q, weighting, this.size, this.slots, best, accept);
		return best.sorted();
	}

	private read(slot: number, options: ReadOptions): StoredVector {
		const { includeVectors, includeMetadata, includeData } = options;
		// About what the record takes as JSON, charged before any of it is built.
		options.budget?.charge(
			40 +
				(includeMetadata || includeData ? this.extraBytes[slot]! : this.ids[slot]!.length) +
				(includeVectors ? this.dimension * 16 + (this.sparse?.get(slot)?.indices.length ?? 0) * 40 : 0),
		);
		const out: StoredVector = { id: this.ids[slot]! };
		if (options.includeVectors) {
			if (this.dense) out.vector = shortestFloats(this.dense.read(slot));
			const sparse = this.sparse?.get(slot);
			if (sparse)
				out.sparseVector = { indices: Array.from(sparse.indices), values: Array.from(sparse.values) };
		}
		if (options.includeMetadata) {
			const metadata = this.metadata[slot];
			if (metadata !== undefined) out.metadata = metadata;
		}
		if (options.includeData) {
			const data = this.data[slot];
			if (data !== undefined) out.data = data;
		}
		return out;
	}

	private recordAt(slot: number): CheckedRecord {
		return {
			id: this.ids[slot]!,
			vector: this.dense?.read(slot),
			sparse: this.sparse?.get(slot),
			metadata: this.metadata[slot],
			data: this.data[slot],
		};
	}

	private checkDense(values: unknown, where: string): Float32Array {
		if (!this.dense) throw new EngineError('invalid', `${where}: this is a sparse index; send sparseVector`);
		return this.dense.check(values, where, new Float32Array(this.dimension));
	}

	private checkSparse(values: unknown, where: string): SparseValues {
		if (!this.sparse) throw new EngineError('invalid', `${where}: this is a dense index; send vector`);
		return SparseColumn.check(values, where);
	}

	private checkRecord(record: VectorInput, where: string): CheckedRecord {
		if (typeof record !== 'object' || record === null)
			throw new EngineError('invalid', `${where}: expected an object with id and a vector`);
		const hasDense = record.vector !== undefined && record.vector !== null;
		const hasSparse = record.sparseVector !== undefined && record.sparseVector !== null;
		if (this.type !== 'SPARSE' && !hasDense)
			throw new EngineError(
				'invalid',
				`${where}: a ${this.type.toLowerCase()} index needs a vector of ${this.dimension} numbers${this.type === 'HYBRID' ? ' and a sparseVector' : ''} (or data to embed)`,
			);
		if (this.type !== 'DENSE' && !hasSparse)
			throw new EngineError(
				'invalid',
				`${where}: a ${this.type.toLowerCase()} index needs a sparseVector${this.type === 'HYBRID' ? ' besides the vector' : ''} (or data to embed)`,
			);
		if (this.type === 'DENSE' && hasSparse)
			throw new EngineError('invalid', `${where}: this is a dense index; it takes no sparseVector`);
		if (this.type === 'SPARSE' && hasDense)
			throw new EngineError('invalid', `${where}: this is a sparse index; it takes no dense vector`);
		return {
			id: record.id,
			vector: hasDense ? this.checkDense(record.vector, `${where}.vector`) : undefined,
			sparse: hasSparse ? this.checkSparse(record.sparseVector, `${where}.sparseVector`) : undefined,
			metadata: checkMetadata(record.metadata, where),
			data: checkData(record.data, where),
		};
	}

	private keep(record: CheckedRecord): void {
		this.sink.put(record.id, toKept(record.vector, record.sparse, record.metadata, record.data));
	}

	private vectorBytes(sparse: SparseValues | undefined): number {
		return this.dimension * 4 + (sparse ? sparse.indices.length * 12 : 0);
	}

	private write(record: CheckedRecord): void {
		let slot = this.slotOf.get(record.id);
		if (slot === undefined) {
			slot = this.free.pop() ?? this.highWater++;
			this.slotOf.set(record.id, slot);
			this.ids[slot] = record.id;
			this.live[slot] = 1;
		} else {
			this.bytes -= this.vectorBytes(this.sparse?.get(slot)) + this.extraBytes[slot]!;
		}
		if (record.vector) this.dense!.write(slot, record.vector);
		if (record.sparse) this.sparse!.set(slot, record.sparse);
		this.metadata[slot] = record.metadata;
		this.data[slot] = record.data;
		const extra =
			Buffer.byteLength(record.id) +
			jsonBytes(record.metadata) +
			(record.data === undefined ? 0 : Buffer.byteLength(record.data));
		this.extraBytes[slot] = extra;
		this.bytes += this.vectorBytes(record.sparse) + extra;
	}

	/** Removes a record, telling the sink. */
	private drop(slot: number): void {
		this.sink.delete(this.ids[slot]!);
		this.remove(slot);
	}

	private remove(slot: number): void {
		this.slotOf.delete(this.ids[slot]!);
		this.bytes -= this.vectorBytes(this.sparse?.get(slot)) + this.extraBytes[slot]!;
		this.sparse?.remove(slot);
		this.ids[slot] = undefined;
		this.metadata[slot] = undefined;
		this.data[slot] = undefined;
		this.live[slot] = 0;
		this.extraBytes[slot] = 0;
		this.free.push(slot);
	}

	/** Grows the dense slab, then the per-slot arrays to its new capacity. */
	private ensureCapacity(slots: number): void {
		if (slots <= this.slots) return;
		// Doubling while small (most namespaces hold a few records), then by an eighth.
		const wanted = Math.max(slots, this.slots + Math.max(Math.min(64, this.slots), this.slots >> 3));
		if (this.dense) {
			this.dense.ensureCapacity(wanted);
			this.slots = this.dense.capacity;
		} else {
			this.slots = wanted;
		}
		this.live = grown(this.live, new Uint8Array(this.slots));
		this.extraBytes = grown(this.extraBytes, new Int32Array(this.slots));
	}
}

function grown<T extends Int32Array | Uint8Array>(from: T, to: T): T {
	to.set(from);
	return to;
}
