import { describe, expect, it } from 'vitest';
import { Slab, scanBlock, wasmFromSlots } from '../../../../source/local/indexes/vector/slab.js';
import { randomVector, seededRandom } from '../../../support/seeded-random.js';

describe('Slab and its SIMD kernels', () => {
	it('scores every slot like float64 arithmetic, for dimensions with and without padding', () => {
		const random = seededRandom(11);
		for (const dimension of [1, 3, 4, 5, 16, 37]) {
			const slab = new Slab(dimension, 10);
			const count = scanBlock + 7; // two kernel calls, the second one short
			slab.ensureCapacity(count);
			const vectors = Array.from({ length: count }, () => randomVector(random, dimension).map(Math.fround));
			vectors.forEach((v, slot) => {
				slab.write(slot, Float64Array.from(v));
			});
			const query = randomVector(random, dimension);
			for (const kind of ['dot', 'distance'] as const) {
				const got: number[] = [];
				slab.scan(Float64Array.from(query), kind, count, (from, n, keys) => {
					expect(from).toBe(got.length);
					got.push(...keys.subarray(0, n));
				});
				expect(got).toHaveLength(count);
				const q = query.map(Math.fround);
				const worst = Math.max(
					...vectors.map((v, slot) => {
						const exact =
							kind === 'dot'
								? v.reduce((sum, x, i) => sum + x * q[i]!, 0)
								: v.reduce((sum, x, i) => sum + (x - q[i]!) ** 2, 0);
						return Math.abs(got[slot]! - exact) / Math.max(1, Math.abs(exact));
					}),
				);
				expect(worst, `${kind} at ${dimension} dimensions`).toBeLessThanOrEqual(1e-5);
			}
			expect(slab.read(count - 1)).toEqual(vectors[count - 1]);
		}
	});

	it('is a plain array while small, scanned alike, and moves into wasm memory as it grows', () => {
		const random = seededRandom(5);
		const slab = new Slab(7, 3);
		expect(slab.simd).toBe(false);
		const vectors = Array.from({ length: 3 }, () => randomVector(random, 7).map(Math.fround));
		for (const [slot, v] of vectors.entries()) slab.write(slot, Float64Array.from(v));
		const q = randomVector(random, 7).map(Math.fround);
		const keys: number[] = [];
		slab.scan(Float64Array.from(q), 'dot', 3, (_from, n, block) => keys.push(...block.subarray(0, n)));
		expect(keys).toEqual(vectors.map((v) => Math.fround(v.reduce((sum, x, i) => sum + x * q[i]!, 0))));
		slab.ensureCapacity(wasmFromSlots);
		expect(slab.simd).toBe(true);
		expect(slab.read(2)).toEqual(vectors[2]);
	});

	it('keeps its contents when it grows, and scans nothing when empty', () => {
		const slab = new Slab(8, 1);
		slab.write(0, Float64Array.from([1, 2, 3, 4, 5, 6, 7, 8]));
		const before = slab.capacity;
		slab.ensureCapacity(before * 3);
		expect(slab.capacity).toBeGreaterThanOrEqual(before * 3);
		expect(slab.read(0)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
		let visits = 0;
		slab.scan(new Float64Array(8), 'dot', 0, () => visits++);
		expect(visits).toBe(0);
	});

	it('refuses to grow past 4 GiB with a clear error', () => {
		const slab = new Slab(4096, 1);
		expect(() => slab.ensureCapacity(1_000_000)).toThrow(/cannot hold 1000000 vectors of 4096 dimensions/);
		expect(slab.read(0)).toHaveLength(4096);
	});
});
