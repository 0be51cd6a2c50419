import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DurationError, formatDuration, parseDuration } from '../../source/api/duration.js';

describe('durations', () => {
	it('parses the forms of docs/protocol/conventions.md#durations', () => {
		expect(parseDuration('10s')).toBe(10_000);
		expect(parseDuration('5m')).toBe(300_000);
		expect(parseDuration('2h')).toBe(7_200_000);
		expect(parseDuration('1d')).toBe(86_400_000);
		expect(parseDuration('1h30m')).toBe(5_400_000);
		expect(parseDuration('250ms')).toBe(250);
		expect(parseDuration('100')).toBe(100_000);
	});

	it('rejects what is not a duration, with a message that says the form', () => {
		for (const bad of ['', 's', '10x', '-5s', '1.5s', '10 s', 'abc', '5m ago']) {
			expect(() => parseDuration(bad), bad).toThrow(DurationError);
		}
		expect(() => parseDuration('10x')).toThrow(/use a number with a unit/);
	});

	it('formats to the canonical form and parses back to the same value', () => {
		fc.assert(
			fc.property(fc.integer({ min: 0, max: 10 * 365 * 86_400_000 }), (ms) => {
				expect(parseDuration(formatDuration(ms))).toBe(ms);
			}),
		);
		expect(formatDuration(5_400_000)).toBe('1h30m');
		expect(formatDuration(0)).toBe('0s');
	});

	it('format is idempotent on its own output', () => {
		fc.assert(
			fc.property(fc.integer({ min: 0, max: 1e12 }), (ms) => {
				const once = formatDuration(ms);
				expect(formatDuration(parseDuration(once))).toBe(once);
			}),
		);
	});
});
