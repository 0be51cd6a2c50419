/**
 * Similarity kernels over one contiguous Float32Array slab, and the score convention of the
 * query results. The loops are unrolled by four with independent accumulators so V8 can keep
 * several multiply-adds in flight; each kernel is only ever called with the same array types,
 * so its call sites stay monomorphic.
 *
 * Scores (what a query returns; 1 is the most similar, higher is always better):
 *   COSINE       (1 + cos(q, v)) / 2                in [0, 1]
 *   EUCLIDEAN    1 / (1 + |q - v|^2)                in (0, 1]
 *   DOT_PRODUCT  (1 + q . v) / 2                    in [0, 1] for unit vectors, unbounded otherwise
 * Ranking uses a cheaper key with the same order (cos * |q|, -|q - v|^2, q . v); the score is
 * derived from the key only for the k results.
 */
export const similarityFunctions = ['COSINE', 'EUCLIDEAN', 'DOT_PRODUCT'] as const;
export type Similarity = (typeof similarityFunctions)[number];

/** q . slab[offset .. offset + n) */
export function dotAt(q: Float64Array, slab: Float32Array, offset: number, n: number): number {
	let s0 = 0;
	let s1 = 0;
	let s2 = 0;
	let s3 = 0;
	const end4 = n - (n & 3);
	let i = 0;
	for (; i < end4; i += 4) {
		const o = offset + i;
		s0 += q[i]! * slab[o]!;
		s1 += q[i + 1]! * slab[o + 1]!;
		s2 += q[i + 2]! * slab[o + 2]!;
		s3 += q[i + 3]! * slab[o + 3]!;
	}
	for (; i < n; i++) s0 += q[i]! * slab[offset + i]!;
	return s0 + s1 + s2 + s3;
}

/** |q - slab[offset .. offset + n)|^2, computed from differences so near-duplicates stay exact. */
export function squaredDistanceAt(q: Float64Array, slab: Float32Array, offset: number, n: number): number {
	let s0 = 0;
	let s1 = 0;
	let s2 = 0;
	let s3 = 0;
	const end4 = n - (n & 3);
	let i = 0;
	for (; i < end4; i += 4) {
		const o = offset + i;
		const d0 = q[i]! - slab[o]!;
		const d1 = q[i + 1]! - slab[o + 1]!;
		const d2 = q[i + 2]! - slab[o + 2]!;
		const d3 = q[i + 3]! - slab[o + 3]!;
		s0 += d0 * d0;
		s1 += d1 * d1;
		s2 += d2 * d2;
		s3 += d3 * d3;
	}
	for (; i < n; i++) {
		const d = q[i]! - slab[offset + i]!;
		s0 += d * d;
	}
	return s0 + s1 + s2 + s3;
}

/** |slab[offset .. offset + n)|^2 */
export function squaredNormAt(slab: Float32Array, offset: number, n: number): number {
	let s = 0;
	for (let i = offset, end = offset + n; i < end; i++) s += slab[i]! * slab[i]!;
	return s;
}

/** The score of interface-facing results from a ranking key (see the table above). */
export function scoreFromKey(similarity: Similarity, key: number, queryNorm: number): number {
	switch (similarity) {
		case 'COSINE':
			return (1 + key / queryNorm) / 2;
		case 'EUCLIDEAN':
			return 1 / (1 - key);
		case 'DOT_PRODUCT':
			return (1 + key) / 2;
	}
}
