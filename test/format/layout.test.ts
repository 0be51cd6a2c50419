import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clampOffset, scrollStart, sizeColumns, sparklineLayout } from '../../source/format/layout.js';
import { fitText, truncate } from '../../source/format/text.js';

describe('sizeColumns', () => {
	it('keeps natural widths when they fit', () => {
		expect(
			sizeColumns(
				[
					{ natural: 5, min: 2 },
					{ natural: 3, min: 2 },
				],
				20,
				2,
			),
		).toEqual([5, 3]);
	});

	it('shrinks the widest columns first, never below their minimum', () => {
		expect(
			sizeColumns(
				[
					{ natural: 30, min: 8 },
					{ natural: 4, min: 4 },
					{ natural: 20, min: 8 },
				],
				30,
				1,
			),
		).toEqual([12, 4, 12]);
	});

	it('drops columns from the right when even their minimums do not fit', () => {
		expect(
			sizeColumns(
				[
					{ natural: 10, min: 10 },
					{ natural: 10, min: 10 },
					{ natural: 10, min: 10 },
				],
				22,
				1,
			),
		).toEqual([10, 10, 0]);
	});

	it('never exceeds the width when a minimum-width first column fits', () => {
		fc.assert(
			fc.property(
				fc.array(fc.record({ natural: fc.nat(60), min: fc.integer({ min: 1, max: 10 }) }), {
					minLength: 1,
					maxLength: 12,
				}),
				fc.integer({ min: 10, max: 250 }),
				(columns, width) => {
					const widths = sizeColumns(columns, width, 2);
					const shown = widths.filter((w) => w > 0);
					const total = shown.reduce((a, b) => a + b, 0) + 2 * Math.max(0, shown.length - 1);
					expect(total).toBeLessThanOrEqual(width);
					widths.forEach((w, i) => {
						expect(w).toBeLessThanOrEqual(Math.max(columns[i]!.natural, 0));
					});
				},
			),
		);
	});
});

describe('scrolling', () => {
	it('keeps the selected row in view, centred where it can', () => {
		expect(scrollStart(0, 100, 10)).toBe(0);
		expect(scrollStart(50, 100, 10)).toBe(45);
		expect(scrollStart(99, 100, 10)).toBe(90);
		expect(scrollStart(5, 8, 10)).toBe(0);
		fc.assert(
			fc.property(fc.nat(500), fc.integer({ min: 1, max: 50 }), (count, height) => {
				for (const selected of [0, Math.floor(count / 2), Math.max(0, count - 1)]) {
					const start = scrollStart(selected, count, height);
					if (count > 0) {
						expect(selected).toBeGreaterThanOrEqual(start);
						expect(selected).toBeLessThan(start + height);
					}
				}
			}),
		);
	});

	it('clamps an offset so the last page stays full', () => {
		expect(clampOffset(50, 20, 5)).toBe(15);
		expect(clampOffset(-3, 20, 5)).toBe(0);
		expect(clampOffset(4, 3, 5)).toBe(0);
	});
});

describe('sparklineLayout', () => {
	it('gives the sparkline what the label and stats leave, at least 4 cells', () => {
		expect(sparklineLayout(100, 20, 30)).toEqual({ label: 20, spark: 48, stats: 30 });
		// Too narrow for the text: it gives way, never the label (which would run into the sparkline).
		expect(sparklineLayout(30, 20, 30)).toEqual({ label: 20, spark: 8, stats: 0 });
		expect(sparklineLayout(48, 17, 41)).toEqual({ label: 17, spark: 4, stats: 25 });
	});
});

describe('fitText', () => {
	it('truncates with an ellipsis and pads to the width', () => {
		expect(truncate('abcdef', 4)).toBe('abc…');
		expect(fitText('ab', 4)).toBe('ab  ');
		expect(fitText('ab', 4, 'right')).toBe('  ab');
		expect(fitText('abcdef', 3)).toBe('ab…');
		expect(fitText('x', 0)).toBe('');
	});
});
