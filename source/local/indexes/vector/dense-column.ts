/**
 * The dense vectors of a store, by slot: one contiguous Float32Array slab (slab.ts) scanned by
 * the SIMD kernels, and 1/|v| per slot for cosine so that ranking costs one dot product per
 * vector. Ranking keys are float32 sums from the kernels; the few results are then scored
 * exactly as the deployed service scores them (see exactScore).
 */
import { EngineError } from '../common/engine-error.js';
import type { TopK } from '../common/top-k.js';
import { dotAt, type Similarity, squaredDistanceAt, squaredNormAt } from './similarity.js';
import { Slab } from './slab.js';

const f = Math.fround;

export class DenseColumn {
	private readonly slab: Slab;
	/** 1/|v| per slot (cosine only). */
	private invNorms: Float64Array;

	constructor(
		readonly dimension: number,
		readonly similarity: Similarity,
		initialCapacity: number,
	) {
		this.slab = new Slab(dimension, initialCapacity);
		this.invNorms = new Float64Array(similarity === 'COSINE' ? this.slab.capacity : 0);
	}

	get capacity(): number {
		return this.slab.capacity;
	}

	get allocatedBytes(): number {
		return this.slab.allocatedBytes + this.invNorms.byteLength;
	}

	ensureCapacity(slots: number): void {
		if (slots <= this.slab.capacity) return;
		this.slab.ensureCapacity(slots);
		if (this.similarity === 'COSINE') {
			const grown = new Float64Array(this.slab.capacity);
			grown.set(this.invNorms);
			this.invNorms = grown;
		}
	}

	reset(capacity: number): void {
		this.slab.reset(capacity);
		this.invNorms = new Float64Array(this.similarity === 'COSINE' ? this.slab.capacity : 0);
	}

	/**
	 * Copies `values` into `out` after checking their count and that each is a finite float32;
	 * cosine refuses an all-zero vector, which has no direction.
	 */
	check<T extends Float32Array | Float64Array>(values: unknown, where: string, out: T): T {
		const { dimension } = this;
		if (!Array.isArray(values) && !(values instanceof Float32Array))
			throw new EngineError('invalid', `${where} must be an array of ${dimension} numbers`);
		const list = values as ArrayLike<unknown>;
		if (list.length !== dimension)
			throw new EngineError('invalid', `${where} has ${list.length} dimensions; this index has ${dimension}`);
		for (let i = 0; i < dimension; i++) {
			const value = list[i];
			// Stored as float32: 1e39 is finite here but would become Infinity in the slab.
			if (typeof value !== 'number' || !Number.isFinite(f(value)))
				throw new EngineError(
					'invalid',
					`${where}[${i}] must be a finite number within the 32-bit float range, got ${String(value)}`,
				);
			out[i] = value;
		}
		if (this.similarity === 'COSINE' && out.every((v) => f(v) === 0))
			throw new EngineError('invalid', `${where} is all zeros: cosine similarity needs a direction`);
		return out;
	}

	write(slot: number, values: Float32Array): void {
		this.slab.write(slot, values);
		if (this.similarity === 'COSINE')
			this.invNorms[slot] =
				1 / Math.sqrt(squaredNormAt(this.slab.floats, slot * this.slab.stride, this.dimension));
	}

	read(slot: number): Float32Array {
		const start = slot * this.slab.stride;
		return this.slab.floats.slice(start, start + this.dimension);
	}

	/**
	 * Offers the slots below `end` that `accept` takes to `best` under their float32 ranking
	 * key (cos * |q|, -|q - v|^2 or q . v). Slots come in increasing order, so `key > threshold`
	 * is exactly "would enter the heap" (a larger slot loses ties): `accept` (liveness, a
	 * filter) runs only for those, which keeps a selective filter cheap.
	 */
	rank(q: Float64Array, end: number, best: TopK, accept: (slot: number) => boolean): void {
		const { invNorms, similarity } = this;
		let threshold = best.threshold;
		const kind = similarity === 'EUCLIDEAN' ? 'distance' : 'dot';
		this.slab.scan(q, kind, end, (from, count, keys) => {
			for (let j = 0; j < count; j++) {
				const slot = from + j;
				const raw = keys[j]!;
				let key = similarity === 'COSINE' ? raw * invNorms[slot]! : similarity === 'EUCLIDEAN' ? -raw : raw;
				// A float32 sum out of range (huge values) or flushed to 0 (tiny ones) ranks by float64.
				if (!Number.isFinite(key) || (raw === 0 && kind === 'dot')) key = this.key64(q, slot);
				if (key > threshold && accept(slot)) {
					best.offer(key, slot);
					threshold = best.threshold;
				}
			}
		});
	}

	/** The ranking key of one slot in float64, which no float32 vector can overflow or flush to 0. */
	private key64(q: Float64Array, slot: number): number {
		const { floats, stride } = this.slab;
		const offset = slot * stride;
		if (this.similarity === 'EUCLIDEAN') return -squaredDistanceAt(q, floats, offset, this.dimension);
		const dot = dotAt(q, floats, offset, this.dimension);
		return this.similarity === 'COSINE' ? dot * this.invNorms[slot]! : dot;
	}

	/**
	 * The score of one slot as the deployed service computes it: sums of products in float32,
	 * in order, then
	 *   COSINE       (1 + q.v / sqrt(|q|^2 |v|^2)) / 2    the division in float64
	 *   EUCLIDEAN    1 / (1 + |q - v|^2)
	 *   DOT_PRODUCT  (1 + q.v) / 2
	 * each step rounded to float32, so scores match the service's to the last digit (a vector
	 * against itself scores exactly 1).
	 */
	exactScore(q: Float32Array, slot: number): number {
		const { floats, stride } = this.slab;
		const offset = slot * stride;
		const n = this.dimension;
		if (this.similarity === 'EUCLIDEAN') {
			let sum = 0;
			for (let i = 0; i < n; i++) {
				const d = f(q[i]! - floats[offset + i]!);
				sum = f(sum + f(d * d));
			}
			return f(1 / f(1 + sum));
		}
		let dot = 0;
		let qq = 0;
		let vv = 0;
		for (let i = 0; i < n; i++) {
			const a = q[i]!;
			const b = floats[offset + i]!;
			dot = f(dot + f(a * b));
			qq = f(qq + f(a * a));
			vv = f(vv + f(b * b));
		}
		if (this.similarity === 'DOT_PRODUCT') {
			const score = f(f(1 + dot) / 2);
			return Number.isFinite(score) ? score : this.score64(q, slot);
		}
		// Float32 sums overflow for huge values and flush tiny ones to 0: then float64 decides.
		if (!Number.isFinite(dot) || !(qq > 0 && qq < Infinity) || !(vv > 0 && vv < Infinity))
			return this.score64(q, slot);
		const cos = f(dot / Math.sqrt(qq * vv));
		return Math.min(1, Math.max(0, f(f(1 + cos) / 2)));
	}

	/** exactScore in float64, for the vectors whose float32 sums leave the float32 range. */
	private score64(q: Float32Array, slot: number): number {
		const { floats, stride } = this.slab;
		const offset = slot * stride;
		let dot = 0;
		let qq = 0;
		let vv = 0;
		for (let i = 0; i < this.dimension; i++) {
			const a = q[i]!;
			const b = floats[offset + i]!;
			dot += a * b;
			qq += a * a;
			vv += b * b;
		}
		if (this.similarity === 'DOT_PRODUCT') return (1 + dot) / 2;
		return Math.min(1, Math.max(0, (1 + dot / Math.sqrt(qq) / Math.sqrt(vv)) / 2));
	}
}
