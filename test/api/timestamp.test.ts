import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatStatsTimestamp, parseStatsTimestamp } from '../../source/api/timestamp.js';

describe('statistics timestamps', () => {
	it('parses 0 to 9 fractional digits and the +0000 UTC zone text', () => {
		const base = Date.UTC(2026, 10, 21, 12, 34, 56);
		expect(parseStatsTimestamp('2026-11-21 12:34:56 +0000 UTC')).toBe(base);
		expect(parseStatsTimestamp('2026-11-21 12:34:56.1 +0000 UTC')).toBe(base + 100);
		expect(parseStatsTimestamp('2026-11-21 12:34:56.123 +0000 UTC')).toBe(base + 123);
		expect(parseStatsTimestamp('2026-11-21 12:34:56.123456789 +0000 UTC')).toBe(base + 123);
		expect(parseStatsTimestamp('2026-11-21T12:34:56.5Z')).toBe(base + 500);
	});

	it('rejects what is not a timestamp', () => {
		for (const bad of [
			'',
			'yesterday',
			'2026-13-01 00:00:00 +0000 UTC',
			'2026-02-30 00:00:00 +0000 UTC',
			'2026-11-21 12:34:56.1234567890 +0000 UTC',
			// Beyond any date: a date of it could not even be formatted.
			'8640000000000001',
		]) {
			expect(parseStatsTimestamp(bad), bad).toBeUndefined();
		}
		expect(parseStatsTimestamp(9e15)).toBeUndefined();
	});

	it('reads a timestamp the same however often it comes, a bad one too, beyond what it keeps', () => {
		const base = Date.UTC(2026, 10, 21, 12, 0, 0);
		const texts = Array.from({ length: 10_000 }, (_, i) => formatStatsTimestamp(base + i * 1000));
		for (let round = 0; round < 2; round++) {
			texts.forEach((text, i) => {
				expect(parseStatsTimestamp(text)).toBe(base + i * 1000);
			});
			expect(parseStatsTimestamp('2024-02-31 00:00:00 +0000 UTC')).toBeUndefined();
			expect(parseStatsTimestamp('')).toBeUndefined();
		}
	});

	it('formats in the service form and parses back to the same instant', () => {
		fc.assert(
			fc.property(fc.integer({ min: 0, max: Date.UTC(2200, 0, 1) }), (ms) => {
				const text = formatStatsTimestamp(ms);
				expect(text).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3} \+0000 UTC$/);
				expect(parseStatsTimestamp(text)).toBe(ms);
			}),
		);
	});

	it('parses any number of fractional digits from 0 to 9 to the truncated millisecond', () => {
		fc.assert(
			fc.property(
				fc.integer({ min: 0, max: Date.UTC(2200, 0, 1) / 1000 }),
				fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 0, maxLength: 9 }),
				(seconds, digits) => {
					const text = formatStatsTimestamp(seconds * 1000).replace('.000', digits ? `.${digits}` : '');
					expect(parseStatsTimestamp(text)).toBe(seconds * 1000 + Number(digits.padEnd(3, '0').slice(0, 3)));
				},
			),
		);
	});
});
