/**
 * The similarity functions of the vector store and the score convention of query results.
 *
 * Scores (what a query returns; 1 is the most similar, higher is always better):
 *   COSINE       (1 + cos(q, v)) / 2                in [0, 1]
 *   EUCLIDEAN    1 / (1 + |q - v|^2)                in (0, 1]
 *   DOT_PRODUCT  (1 + q . v) / 2                    in [0, 1] for unit vectors, unbounded otherwise
 * Ranking uses a cheaper key with the same order (cos * |q|, -|q - v|^2, q . v), computed for
 * every vector by the SIMD kernels of wasm-kernels.ts in float32. The float64 functions below
 * compute the keys of the k results (and the norms), from which their scores are derived.
 */
export const similarityFunctions = ['COSINE', 'EUCLIDEAN', 'DOT_PRODUCT'] as const;
export type Similarity = (typeof similarityFunctions)[number];

/** q . slab[offset .. offset + n) */
export function dotAt(q: Float64Array, slab: Float32Array, offset: number, n: number): number {
	let sum = 0;
	for (let i = 0; i < n; i++) sum += q[i]! * slab[offset + i]!;
	return sum;
}

/** |q - slab[offset .. offset + n)|^2, computed from differences so near-duplicates stay exact. */
export function squaredDistanceAt(q: Float64Array, slab: Float32Array, offset: number, n: number): number {
	let sum = 0;
	for (let i = 0; i < n; i++) {
		const d = q[i]! - slab[offset + i]!;
		sum += d * d;
	}
	return sum;
}

/** |slab[offset .. offset + n)|^2 */
export function squaredNormAt(slab: Float32Array, offset: number, n: number): number {
	let sum = 0;
	for (let i = offset, end = offset + n; i < end; i++) sum += slab[i]! * slab[i]!;
	return sum;
}

/** The score of a result from its ranking key (see the table above). */
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
