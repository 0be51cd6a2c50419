/**
 * The brute-force reference the vector tests compare against: float64 maths over plain arrays,
 * written from the score definitions, sharing no code with the store.
 */
export type ReferenceSimilarity = 'COSINE' | 'EUCLIDEAN' | 'DOT_PRODUCT';

export function referenceScore(similarity: ReferenceSimilarity, a: number[], b: number[]): number {
	let dot = 0;
	let na = 0;
	let nb = 0;
	let dist = 0;
	for (let i = 0; i < a.length; i++) {
		dot += a[i]! * b[i]!;
		na += a[i]! * a[i]!;
		nb += b[i]! * b[i]!;
		dist += (a[i]! - b[i]!) ** 2;
	}
	if (similarity === 'COSINE') return (1 + dot / Math.sqrt(na * nb)) / 2;
	if (similarity === 'EUCLIDEAN') return 1 / (1 + dist);
	return (1 + dot) / 2;
}

/** All ids scored against the query, best first. */
export function referenceRanking(
	similarity: ReferenceSimilarity,
	vectors: Map<string, number[]>,
	query: number[],
): { id: string; score: number }[] {
	return [...vectors]
		.map(([id, vector]) => ({ id, score: referenceScore(similarity, query, vector.map(Math.fround)) }))
		.sort((a, b) => b.score - a.score);
}

/**
 * Checks a top-k answer against the reference: the k best scores, in order, and each id scored
 * as the reference scores it. Ids of (near-)equal scores may come in either order.
 */
export function rankingMismatch(
	actual: { id: string; score: number }[],
	reference: { id: string; score: number }[],
	k: number,
	tolerance = 1e-6,
): string | undefined {
	const expected = reference.slice(0, k);
	if (actual.length !== expected.length) return `expected ${expected.length} matches, got ${actual.length}`;
	const byId = new Map(reference.map((r) => [r.id, r.score]));
	for (let i = 0; i < actual.length; i++) {
		const { id, score } = actual[i]!;
		const near = (a: number, b: number) => Math.abs(a - b) <= tolerance * Math.max(1, Math.abs(b));
		if (!near(score, expected[i]!.score))
			return `rank ${i}: score ${score}, reference ${expected[i]!.score} (${expected[i]!.id})`;
		const own = byId.get(id);
		if (own === undefined || !near(score, own)) return `rank ${i}: ${id} scored ${score}, reference ${own}`;
	}
	return undefined;
}
