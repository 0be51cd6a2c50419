import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatBytes } from '../../source/format/bytes.js';
import { formatCount, formatInteger, formatLimit, formatMoney } from '../../source/format/number.js';

describe('formatInteger', () => {
	it('groups thousands and rounds', () => {
		expect(formatInteger(0)).toBe('0');
		expect(formatInteger(1234567)).toBe('1,234,567');
		expect(formatInteger(-1234.6)).toBe('-1,235');
		expect(formatInteger(Number.NaN)).toBe('–');
		expect(formatInteger(-0.4)).toBe('0');
	});

	it('groups as Intl does, for any finite number', () => {
		const intl = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
		fc.assert(
			fc.property(fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer()), (n) => {
				expect(formatInteger(n)).toBe(intl.format(Math.round(n) || 0));
			}),
		);
		for (const n of [999, 1000, 999_999, 1e6, 2 ** 53, 1e21, -1e21, 1.5e300]) {
			expect(formatInteger(n)).toBe(intl.format(n));
		}
	});
});

describe('formatCount', () => {
	it('keeps small numbers and compacts large ones', () => {
		expect(formatCount(0)).toBe('0');
		expect(formatCount(999)).toBe('999');
		expect(formatCount(1000)).toBe('1k');
		expect(formatCount(1234)).toBe('1.2k');
		expect(formatCount(45_600)).toBe('46k');
		expect(formatCount(999_999)).toBe('1M');
		expect(formatCount(3_100_000)).toBe('3.1M');
		expect(formatCount(-2500)).toBe('-2.5k');
		expect(formatCount(2.345)).toBe('2.35');
		expect(formatCount(12.34)).toBe('12.3');
		expect(formatCount(0.001)).toBe('0');
		expect(formatCount(123.4)).toBe('123');
	});

	it('never needs more than five characters for non-negative values below 1e15', () => {
		fc.assert(
			fc.property(fc.double({ min: 0, max: 1e14, noNaN: true }), (n) => {
				expect(formatCount(n).length).toBeLessThanOrEqual(5);
			}),
		);
	});
});

describe('formatMoney', () => {
	it('shows dollars with cents, and fractions of a cent with two significant digits', () => {
		expect(formatMoney(0)).toBe('$0.00');
		expect(formatMoney(1234.5)).toBe('$1,234.50');
		expect(formatMoney(0.5)).toBe('$0.50');
		expect(formatMoney(0.00042)).toBe('$0.00042');
		expect(formatMoney(0.00001)).toBe('$0.000010');
		expect(formatMoney(-3)).toBe('-$3.00');
	});
});

describe('formatLimit', () => {
	it('shows -1 as unlimited', () => {
		expect(formatLimit(-1)).toBe('unlimited');
		expect(formatLimit(10000)).toBe('10,000');
		expect(formatLimit(1024, formatBytes)).toBe('1.0 KiB');
		expect(formatLimit(-1, formatBytes)).toBe('unlimited');
	});
});

describe('formatBytes', () => {
	it('uses binary units', () => {
		expect(formatBytes(0)).toBe('0 B');
		expect(formatBytes(1023)).toBe('1023 B');
		expect(formatBytes(1536)).toBe('1.5 KiB');
		expect(formatBytes(20 * 1024 * 1024)).toBe('20 MiB');
		expect(formatBytes(5 * 1024 ** 5)).toBe('5.0 PiB');
	});
});
