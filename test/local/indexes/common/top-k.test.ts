import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TopK } from '../../../../source/local/indexes/common/top-k.js';

describe('TopK', () => {
	it('keeps the k best of any stream, best first, ties to the smaller ref', () => {
		fc.assert(
			fc.property(
				fc.array(fc.integer({ min: -20, max: 20 }), { maxLength: 200 }),
				fc.integer({ min: 0, max: 30 }),
				(scores, k) => {
					const top = new TopK(k);
					scores.forEach((score, ref) => {
						top.offer(score, ref);
					});
					const expected = scores
						.map((score, ref) => ({ score, ref }))
						.sort((a, b) => b.score - a.score || a.ref - b.ref)
						.slice(0, k);
					expect(top.sorted()).toEqual(expected);
				},
			),
		);
	});

	it('reports the entry threshold once full', () => {
		const top = new TopK(2);
		expect(top.threshold).toBe(Number.NEGATIVE_INFINITY);
		top.offer(5, 0);
		top.offer(3, 1);
		expect(top.threshold).toBe(3);
		top.offer(4, 2);
		expect(top.threshold).toBe(4);
	});

	it('rejects a negative or fractional k', () => {
		expect(() => new TopK(-1)).toThrow(RangeError);
		expect(() => new TopK(1.5)).toThrow(RangeError);
	});
});
