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

	it('honours a longer Retry-After within the cap', () => {
		expect(backoffDelay(1, policy, 5000)).toBe(5000);
		expect(backoffDelay(3, policy, 100)).toBe(4000);
		expect(backoffDelay(1, policy, 3_600_000)).toBe(30_000);
	});

	it('never waits longer than the cap or less than the base', () => {
		fc.assert(
			fc.property(
				fc.integer({ min: 1, max: 10_000 }),
				fc.option(fc.nat(), { nil: undefined }),
				(n, after) => {
					const delay = backoffDelay(n, policy, after);
					expect(delay).toBeGreaterThanOrEqual(policy.baseMs);
					expect(delay).toBeLessThanOrEqual(policy.maxMs);
				},
			),
		);
	});
});
