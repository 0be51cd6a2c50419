/**
 * The series rules (docs/protocol/statistics.md#periods, docs/protocol/statistics.md#month-series),
 * as pure functions of `now`:
 * - a `period` series has 60 points spaced period/60 apart (240 points 3 hours apart for 30d),
 *   oldest first, the newest point being the interval that holds `now`;
 * - a daily series has one point per day of the current UTC month, future days included.
 * Interval starts are aligned to multiples of the spacing since the epoch, so the buckets of
 * time-buckets.ts tile them exactly.
 */
import type { Datapoint, StatsPeriod } from '../../api/schemas.js';
import { formatStatsTimestamp } from '../../api/timestamp.js';
import { dayMs } from './time-buckets.js';

export interface PeriodSpec {
	points: number;
	spacingMs: number;
}

const hourMs = 3_600_000;

export const periodSpecs: Record<StatsPeriod, PeriodSpec> = {
	'1h': { points: 60, spacingMs: hourMs / 60 },
	'3h': { points: 60, spacingMs: (3 * hourMs) / 60 },
	'12h': { points: 60, spacingMs: (12 * hourMs) / 60 },
	'1d': { points: 60, spacingMs: dayMs / 60 },
	'3d': { points: 60, spacingMs: (3 * dayMs) / 60 },
	'7d': { points: 60, spacingMs: (7 * dayMs) / 60 },
	'30d': { points: 240, spacingMs: 3 * hourMs },
};

/** An interval [start, end) of a series. */
export interface Interval {
	start: number;
	end: number;
}

/** The intervals of a period series, oldest first; the last one holds `now`. */
export function periodIntervals(period: StatsPeriod, now: number): Interval[] {
	const { points, spacingMs } = periodSpecs[period];
	const newest = Math.floor(now / spacingMs) * spacingMs;
	return Array.from({ length: points }, (_, i) => {
		const start = newest - (points - 1 - i) * spacingMs;
		return { start, end: start + spacingMs };
	});
}

/** One interval per day of the UTC month of `now`, from the 1st to the last day. */
export function monthIntervals(now: number): Interval[] {
	const date = new Date(now);
	const year = date.getUTCFullYear();
	const month = date.getUTCMonth();
	const days = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
	return Array.from({ length: days }, (_, i) => {
		const start = Date.UTC(year, month, i + 1);
		return { start, end: start + dayMs };
	});
}

const weekdays = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The weekday names of every day of the month of `now`, index-aligned with monthIntervals. */
export function monthDayNames(now: number): string[] {
	return monthIntervals(now).map((i) => weekdays[new Date(i.start).getUTCDay()]!);
}

/** A series with one point per interval; `x` is the interval start. */
export function seriesOf(intervals: Interval[], value: (interval: Interval) => number): Datapoint[] {
	return intervals.map((interval) => ({ x: formatStatsTimestamp(interval.start), y: value(interval) }));
}

/** A month series where days after today are 0 without being asked for. */
export function monthSeries(now: number, value: (interval: Interval) => number): Datapoint[] {
	return seriesOf(monthIntervals(now), (interval) => (interval.start > now ? 0 : value(interval)));
}

/** The start of the UTC day and of the UTC month holding `now`. */
export function dayStart(now: number): number {
	return Math.floor(now / dayMs) * dayMs;
}

export function monthStart(now: number): number {
	const date = new Date(now);
	return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
}
