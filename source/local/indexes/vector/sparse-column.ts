/**
 * The sparse vectors of a store, by slot, with an inverted index: for each dimension, the
 * slots that have it and their values, in growable typed arrays. A slot remembers where each
 * of its entries sits, so taking it out swaps the last entry of each posting list into its
 * place (O(non-zeros)). A query touches only the posting lists of its own dimensions:
 *
 *   score(q, v) = sum over dimensions i in both of q_i * v_i [* idf(i)]
 *   idf(i)      = ln(1 + (N - n(i) + 0.5) / (n(i) + 0.5))     (weightingStrategy IDF)
 *
 * N the vectors of the store, n(i) those with dimension i, as the vendor documents IDF.
 * Vectors sharing no dimension with the query are not candidates.
 */
import { EngineError } from '../common/engine-error.js';

import { maxSparseNonZeros } from '../common/records.js';
import type { TopK } from '../common/top-k.js';

export { maxSparseNonZeros };

const maxSparseIndex = 2 ** 32 - 1;

/**
 * Values are kept as float64: the deployed service's sparse scores are those of the values as
 * sent (its IDF-weighted scores match float64 sums, not float32 ones).
 */
export interface SparseValues {
	/** Ascending, distinct. */
	indices: Uint32Array;
	values: Float64Array;
}

interface Posting {
	slots: Int32Array;
	values: Float64Array;
	length: number;
}

export type Weighting = 'IDF' | undefined;

export class SparseColumn {
	private vectors: (SparseValues | undefined)[] = [];
	/** For each slot, where each of its entries sits in the posting list of that dimension. */
	private positions: (Int32Array | undefined)[] = [];
	private postings = new Map<number, Posting>();
	private scratchScores = new Float64Array(0);
	private scratchSeen = new Uint8Array(0);
	private scratchTouched = new Int32Array(0);
	private nonZeros = 0;

	/** Non-zero entries held, for memory accounting. */
	get entries(): number {
		return this.nonZeros;
	}

	/** Checks a sparse vector from a request; indices come out ascending and distinct. */
	static check(value: unknown, where: string): SparseValues {
		if (value === null || typeof value !== 'object' || Array.isArray(value))
			throw new EngineError('invalid', `${where} must be an object with indices and values`);
		const { indices, values } = value as { indices?: unknown; values?: unknown };
		if (!Array.isArray(indices) || !Array.isArray(values))
			throw new EngineError('invalid', `${where} needs indices and values, two arrays of numbers`);
		if (indices.length !== values.length)
			throw new EngineError(
				'invalid',
				`${where} has ${indices.length} indices and ${values.length} values; they pair up, so the counts must match`,
			);
		if (indices.length === 0) throw new EngineError('invalid', `${where} has no non-zero dimension`);
		if (indices.length > maxSparseNonZeros)
			throw new EngineError(
				'invalid',
				`${where} has ${indices.length} non-zero dimensions; at most ${maxSparseNonZeros} are accepted`,
			);
		const pairs = indices.map((index, i) => {
			const v = values[i];
			if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index > maxSparseIndex)
				throw new EngineError(
					'invalid',
					`${where}.indices[${i}] must be an integer from 0 to ${maxSparseIndex}, got ${JSON.stringify(index)}`,
				);
			if (typeof v !== 'number' || !Number.isFinite(Math.fround(v)))
				throw new EngineError(
					'invalid',
					`${where}.values[${i}] must be a finite number within the 32-bit float range, got ${JSON.stringify(v)}`,
				);
			return [index, v] as const;
		});
		pairs.sort((a, b) => a[0] - b[0]);
		// An index given twice holds the sum of its values, as in any coordinate list (the
		// deployed service takes such vectors too).
		const indicesOut: number[] = [];
		const valuesOut: number[] = [];
		for (const [index, value] of pairs) {
			if (indicesOut.at(-1) === index) valuesOut[valuesOut.length - 1]! += value;
			else {
				indicesOut.push(index);
				valuesOut.push(value);
			}
		}
		return { indices: Uint32Array.from(indicesOut), values: Float64Array.from(valuesOut) };
	}

	get(slot: number): SparseValues | undefined {
		return this.vectors[slot];
	}

	set(slot: number, vector: SparseValues): void {
		this.remove(slot);
		const { indices, values } = vector;
		const positions = new Int32Array(indices.length);
		for (let j = 0; j < indices.length; j++) {
			const dim = indices[j]!;
			let posting = this.postings.get(dim);
			if (!posting) {
				posting = { slots: new Int32Array(4), values: new Float64Array(4), length: 0 };
				this.postings.set(dim, posting);
			}
			if (posting.length === posting.slots.length) {
				const size = posting.length * 2;
				const slots = new Int32Array(size);
				slots.set(posting.slots);
				const vals = new Float64Array(size);
				vals.set(posting.values);
				posting.slots = slots;
				posting.values = vals;
			}
			positions[j] = posting.length;
			posting.slots[posting.length] = slot;
			posting.values[posting.length] = values[j]!;
			posting.length++;
		}
		this.vectors[slot] = vector;
		this.positions[slot] = positions;
		this.nonZeros += indices.length;
	}

	remove(slot: number): void {
		const vector = this.vectors[slot];
		if (!vector) return;
		const positions = this.positions[slot]!;
		for (let j = 0; j < vector.indices.length; j++) {
			const dim = vector.indices[j]!;
			const posting = this.postings.get(dim)!;
			const at = positions[j]!;
			const last = --posting.length;
			if (at !== last) {
				const moved = posting.slots[last]!;
				posting.slots[at] = moved;
				posting.values[at] = posting.values[last]!;
				// Tell the moved slot where its entry for this dimension went.
				const movedIndices = this.vectors[moved]!.indices;
				let k = 0;
				while (movedIndices[k] !== dim) k++;
				this.positions[moved]![k] = at;
			}
			if (posting.length === 0) this.postings.delete(dim);
		}
		this.vectors[slot] = undefined;
		this.positions[slot] = undefined;
		this.nonZeros -= vector.indices.length;
	}

	reset(): void {
		this.vectors = [];
		this.positions = [];
		this.postings.clear();
		this.nonZeros = 0;
	}

	/**
	 * Offers every slot sharing a dimension with the query, and that `accept` takes, to `best`,
	 * in the order the posting lists first reach them; `count` is N of the IDF. `accept` runs
	 * only for a score past the heap's threshold. Nothing is allocated per query (the scratch
	 * arrays are kept): a query over common words reaches most slots, and lists built per query
	 * would be garbage enough to bring the collector into other queries.
	 */
	rank(
		query: SparseValues,
		weighting: Weighting,
		count: number,
		capacity: number,
		best: TopK,
		accept: (slot: number) => boolean,
	): void {
		if (this.scratchScores.length < capacity) {
			this.scratchScores = new Float64Array(capacity);
			this.scratchSeen = new Uint8Array(capacity);
			this.scratchTouched = new Int32Array(capacity);
		}
		const scores = this.scratchScores;
		const seen = this.scratchSeen;
		const touched = this.scratchTouched;
		let reached = 0;
		for (let j = 0; j < query.indices.length; j++) {
			const posting = this.postings.get(query.indices[j]!);
			if (!posting) continue;
			let weight = query.values[j]!;
			if (weighting === 'IDF')
				weight *= Math.log(1 + (count - posting.length + 0.5) / (posting.length + 0.5));
			const { slots, values, length } = posting;
			for (let p = 0; p < length; p++) {
				const slot = slots[p]!;
				if (seen[slot] === 0) {
					seen[slot] = 1;
					touched[reached++] = slot;
				}
				scores[slot]! += weight * values[p]!;
			}
		}
		let threshold = best.threshold;
		let t = 0;
		try {
			for (; t < reached; t++) {
				const slot = touched[t]!;
				const score = scores[slot]!;
				scores[slot] = 0;
				seen[slot] = 0;
				if (score > threshold && accept(slot)) {
					best.offer(score, slot);
					threshold = best.threshold;
				}
			}
		} finally {
			// A filter past its work budget throws: the scratch must still be clean for the next query.
			for (; t < reached; t++) {
				scores[touched[t]!] = 0;
				seen[touched[t]!] = 0;
			}
		}
	}
}
