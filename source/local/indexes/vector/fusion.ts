/**
 * How a hybrid index merges the ranking of its dense part with that of its sparse part, as the
 * vendor documents them:
 *
 *   RRF   each candidate scores 1 / (rank + 60) in each list it is in (rank from 0), summed.
 *   DBSF  each list's scores are mapped by (s - (mean - 3 sd)) / (6 sd), sd the sample
 *         standard deviation, and summed per candidate; a list of one score (or all equal)
 *         maps to 0.5. Computed in float32, step by step, as the deployed service does, so
 *         its scores come out the same to the last digit.
 *
 * Lists come best first; the answer is best first, ties to the smaller ref.
 */
export type FusionAlgorithm = 'RRF' | 'DBSF';
export const fusionAlgorithms: readonly FusionAlgorithm[] = ['RRF', 'DBSF'];

export interface Scored {
	/** The candidate (a slot). */
	ref: number;
	score: number;
}

const rrfK = 60;
const f = Math.fround;

function dbsf(list: readonly Scored[]): Scored[] {
	const n = list.length;
	if (n === 0) return [];
	let sum = f(0);
	for (const { score } of list) sum = f(sum + f(score));
	const mean = f(sum / n);
	let squares = f(0);
	for (const { score } of list) squares = f(squares + f(f(f(score) - mean) ** 2));
	const sd = n > 1 ? f(Math.sqrt(f(squares / (n - 1)))) : 0;
	if (sd === 0) return list.map(({ ref }) => ({ ref, score: 0.5 }));
	const low = f(mean - f(3 * sd));
	const high = f(mean + f(3 * sd));
	const range = f(high - low);
	return list.map(({ ref, score }) => ({ ref, score: f(f(f(score) - low) / range) }));
}

export function fuse(
	dense: readonly Scored[],
	sparse: readonly Scored[],
	algorithm: FusionAlgorithm,
): Scored[] {
	const totals = new Map<number, number>();
	const add = (ref: number, score: number) => {
		const before = totals.get(ref);
		totals.set(ref, before === undefined ? score : algorithm === 'DBSF' ? f(before + score) : before + score);
	};
	if (algorithm === 'RRF') {
		for (const [rank, { ref }] of dense.entries()) add(ref, 1 / (rank + rrfK));
		for (const [rank, { ref }] of sparse.entries()) add(ref, 1 / (rank + rrfK));
	} else {
		for (const { ref, score } of dbsf(dense)) add(ref, score);
		for (const { ref, score } of dbsf(sparse)) add(ref, score);
	}
	return [...totals]
		.map(([ref, score]) => ({ ref, score }))
		.sort((x, y) => y.score - x.score || x.ref - y.ref);
}
