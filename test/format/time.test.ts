import { describe, expect, it } from 'vitest';
import { formatClock, formatSpan, formatUnixSeconds } from '../../source/format/time.js';

describe('time formats', () => {
	it('formats a local clock time', () => {
		const d = new Date(2026, 0, 31, 9, 5, 7);
		expect(formatClock(d.getTime())).toBe('09:05:07');
	});

	it('rounds spans up to whole seconds', () => {
		expect(formatSpan(0)).toBe('0s');
		expect(formatSpan(1)).toBe('1s');
		expect(formatSpan(7_400)).toBe('8s');
		expect(formatSpan(90_000)).toBe('1m30s');
		expect(formatSpan(-5)).toBe('0s');
	});

	it('formats unix seconds in UTC, and 0 as never', () => {
		expect(formatUnixSeconds(Date.UTC(2026, 0, 31, 12, 30) / 1000)).toBe('2026-01-31 12:30 UTC');
		expect(formatUnixSeconds(0)).toBe('never');
	});
});
