import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { statsPeriods } from '../../../source/api/schemas.js';
import { parseStatsTimestamp } from '../../../source/api/timestamp.js';
import {
	monthDayNames,
	monthIntervals,
	monthSeries,
	periodIntervals,
} from '../../../source/local/stats/series.js';

describe('period intervals', () => {
	it('are contiguous, oldest first, with the newest holding now, for every period and instant', () => {
		fc.assert(
			fc.property(
				fc.constantFrom(...statsPeriods),
				fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) }),
				(period, now) => {
					const intervals = periodIntervals(period, now);
					expect(intervals).toHaveLength(period === '30d' ? 240 : 60);
					const spacing = intervals[0]!.end - intervals[0]!.start;
					expect(spacing).toBe(
						period === '30d'
							? 3 * 3_600_000
							: { '1h': 1, '3h': 3, '12h': 12, '1d': 24, '3d': 72, '7d': 168 }[period]! * 60_000,
					);
					for (let i = 1; i < intervals.length; i++) expect(intervals[i]!.start).toBe(intervals[i - 1]!.end);
					const newest = intervals.at(-1)!;
					expect(newest.start <= now && now < newest.end).toBe(true);
				},
			),
		);
	});
});

describe('month days', () => {
	it('cover every day of the month, leap years included, named by weekday', () => {
		const feb2024 = Date.UTC(2024, 1, 10, 12);
		expect(monthIntervals(feb2024)).toHaveLength(29);
		expect(monthIntervals(Date.UTC(2023, 1, 10))).toHaveLength(28);
		expect(monthIntervals(Date.UTC(2026, 3, 30, 23, 59))).toHaveLength(30);
		const names = monthDayNames(feb2024);
		expect(names).toHaveLength(29);
		expect(names[0]).toBe('Thursday'); // 2024-02-01
		expect(names[28]).toBe('Thursday'); // 2024-02-29
	});

	it('report future days as 0 without asking for them', () => {
		const now = Date.UTC(2026, 0, 10, 8);
		const asked: number[] = [];
		const series = monthSeries(now, (i) => {
			asked.push(i.start);
			return 7;
		});
		expect(series).toHaveLength(31);
		expect(series.slice(0, 10).every((p) => p.y === 7)).toBe(true);
		expect(series.slice(10).every((p) => p.y === 0)).toBe(true);
		expect(asked).toHaveLength(10);
		expect(parseStatsTimestamp(series[9]!.x)).toBe(Date.UTC(2026, 0, 10));
		expect(series[0]!.x).toBe('2026-01-01 00:00:00.000 +0000 UTC');
	});
});
