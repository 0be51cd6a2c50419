/**
 * The k best (score, ref) pairs of a stream, kept in a bounded binary min-heap: O(n log k) and
 * O(k) memory instead of sorting every candidate. The root is the worst pair kept so far, so a
 * candidate that cannot enter costs one comparison. Ties go to the smaller ref (the earlier
 * slot or document), which makes results deterministic.
 */
export interface Ranked {
	score: number;
	ref: number;
}

export class TopK {
	private readonly scores: Float64Array;
	private readonly refs: Int32Array;
	private size = 0;

	constructor(readonly k: number) {
		if (!Number.isInteger(k) || k < 0) throw new RangeError(`k must be a non-negative integer, got ${k}`);
		this.scores = new Float64Array(k);
		this.refs = new Int32Array(k);
	}

	/** True when (a, ra) ranks below (b, rb). */
	private static worse(a: number, ra: number, b: number, rb: number): boolean {
		return a < b || (a === b && ra > rb);
	}

	/**
	 * A candidate scoring at or below this cannot enter when offered after those kept (a larger
	 * ref loses ties): -Infinity while the heap is not full. Hot loops check it themselves and
	 * call offer only past it, which keeps the call out of their inner path.
	 */
	get threshold(): number {
		if (this.k === 0) return Number.POSITIVE_INFINITY;
		return this.size < this.k ? Number.NEGATIVE_INFINITY : this.scores[0]!;
	}

	offer(score: number, ref: number): void {
		const { scores, refs } = this;
		if (this.size < this.k) {
			// Sift up from the new leaf.
			let i = this.size++;
			while (i > 0) {
				const parent = (i - 1) >> 1;
				if (!TopK.worse(score, ref, scores[parent]!, refs[parent]!)) break;
				scores[i] = scores[parent]!;
				refs[i] = refs[parent]!;
				i = parent;
			}
			scores[i] = score;
			refs[i] = ref;
			return;
		}
		if (this.k === 0 || !TopK.worse(scores[0]!, refs[0]!, score, ref)) return;
		// Replace the root and sift down.
		let i = 0;
		const n = this.size;
		for (;;) {
			const left = 2 * i + 1;
			if (left >= n) break;
			const right = left + 1;
			let child = left;
			if (right < n && TopK.worse(scores[right]!, refs[right]!, scores[left]!, refs[left]!)) child = right;
			if (!TopK.worse(scores[child]!, refs[child]!, score, ref)) break;
			scores[i] = scores[child]!;
			refs[i] = refs[child]!;
			i = child;
		}
		scores[i] = score;
		refs[i] = ref;
	}

	/** The kept pairs, best first. */
	sorted(): Ranked[] {
		const out: Ranked[] = [];
		for (let i = 0; i < this.size; i++) out.push({ score: this.scores[i]!, ref: this.refs[i]! });
		return out.sort((a, b) => b.score - a.score || a.ref - b.ref);
	}
}
