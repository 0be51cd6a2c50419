import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { backoffDelay } from '../../../source/ui/data/backoff.js';

describe('backoffDelay', () => {
	const policy = { baseMs: 1000, maxMs: 30_000 };

	it('doubles with each failure and stops at the cap', () => {
		expect([1, 2, 3, 4, 5, 6, 50].map((n) => backoffDelay(n, policy))).toEqual([
			1000, 2000, 4000, 8000, 16_000, 30_000, 30_000,
		]);
	});

	it('honours a longer Retry-After, beyond the cap too (a daily limit resets in hours)', () => {
		expect(backoffDelay(1, policy, 5000)).toBe(5000);
		expect(backoffDelay(3, policy, 100)).toBe(4000);
		expect(backoffDelay(1, policy, 3_600_000)).toBe(3_600_000);
	});

	it('waits at least the base and what the server asked, and beyond the cap only when it asked', () => {
		fc.assert(
			fc.property(
				fc.integer({ min: 1, max: 10_000 }),
				fc.option(fc.nat(), { nil: undefined }),
				(n, after) => {
					const delay = backoffDelay(n, policy, after);
					expect(delay).toBeGreaterThanOrEqual(Math.max(policy.baseMs, after ?? 0));
					expect(delay).toBeLessThanOrEqual(Math.max(policy.maxMs, after ?? 0));
				},
			),
		);
	});
});
