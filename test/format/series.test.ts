import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatStatsTimestamp } from '../../source/api/timestamp.js';
import {
	missingMark,
	resample,
	seriesValues,
	sparkline,
	summarize,
	todayIndex,
	verticalBars,
} from '../../source/format/series.js';

const values = fc.array(fc.option(fc.integer({ min: -1000, max: 1000 }), { nil: null }), { maxLength: 300 });

describe('resample', () => {
	it('returns exactly the asked width', () => {
		fc.assert(
			fc.property(values, fc.integer({ min: 0, max: 250 }), (vs, width) => {
				expect(resample(vs, width)).toHaveLength(width);
			}),
		);
	});

	it('keeps the maximum of each bucket when shrinking', () => {
		expect(resample([1, 5, 2, 2, 0, 9], 3)).toEqual([5, 2, 9]);
		expect(resample([null, null, 3, null], 2)).toEqual([null, 3]);
	});

	it('repeats points when growing', () => {
		expect(resample([1, null], 4)).toEqual([1, 1, null, null]);
	});

	it('never invents a maximum the series does not have', () => {
		fc.assert(
			fc.property(values, fc.integer({ min: 1, max: 250 }), (vs, width) => {
				const before = summarize(vs);
				const after = summarize(resample(vs, width));
				if (!before) expect(after).toBeUndefined();
				else if (after) {
					expect(after.max).toBeLessThanOrEqual(before.max);
					if (width >= vs.length) expect(after.max).toBe(before.max);
				}
			}),
		);
	});
});

describe('summarize', () => {
	it('skips missing points; last is the newest present one', () => {
		expect(summarize([3, null, 1, 7, null])).toEqual({ min: 1, max: 7, last: 7, total: 11, missing: 2 });
		expect(summarize([null, null])).toBeUndefined();
		expect(summarize([])).toBeUndefined();
	});
});

describe('sparkline', () => {
	it('has one character per point and marks missing points', () => {
		expect(sparkline([0, 4, 8, null])).toBe(`▁▅█${missingMark}`);
		expect(sparkline([null, null])).toBe(missingMark.repeat(2));
	});

	it('draws a flat zero line on the floor and a flat non-zero line full', () => {
		expect(sparkline([0, 0, 0])).toBe('▁▁▁');
		expect(sparkline([5, 5])).toBe('██');
	});

	it('lifts any non-zero value above the floor', () => {
		expect(sparkline([0, 1, 1000])).toBe('▁▂█');
	});

	it('handles negative values by starting the axis at the minimum', () => {
		expect(sparkline([-4, 0, 4])).toBe('▁▅█');
	});

	it('is always as long as its input', () => {
		fc.assert(
			fc.property(values, (vs) => {
				expect([...sparkline(vs)]).toHaveLength(vs.length);
			}),
		);
	});
});

describe('verticalBars', () => {
	it('stacks eighths from the bottom row up', () => {
		expect(verticalBars([0, 8, 16, null, 1], 2)).toEqual(['  █  ', ' ██ ▁']);
	});

	it('returns blank rows when every value is zero', () => {
		expect(verticalBars([0, 0], 3)).toEqual(['  ', '  ', '  ']);
	});
});

describe('seriesValues', () => {
	it('takes y, keeping null as missing', () => {
		const x = formatStatsTimestamp(0);
		const points: { x: string; y: number | null }[] = [
			{ x, y: 1 },
			{ x, y: null },
		];
		expect(seriesValues(points)).toEqual([1, null]);
	});

	it('reads a point the service sent oddly as a gap, and a series it left out as no points', () => {
		expect(seriesValues([{ y: 2 }, {}, { y: 'many' }, { y: Number.NaN }, { y: 3 }])).toEqual([
			2,
			null,
			null,
			null,
			3,
		]);
		expect(seriesValues(undefined)).toEqual([]);
	});
});

describe('todayIndex', () => {
	it('finds the point dated today, else uses the day of the month', () => {
		const now = Date.UTC(2026, 2, 10, 15);
		const month = Array.from({ length: 31 }, (_, i) => ({
			x: formatStatsTimestamp(Date.UTC(2026, 2, i + 1)),
		}));
		expect(todayIndex(month, now)).toBe(9);
		expect(todayIndex([], now)).toBe(9);
	});
});
