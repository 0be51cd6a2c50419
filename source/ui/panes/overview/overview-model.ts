/**
 * What the Overview shows of the usage statistics of one account: pure, over a liberal reading
 * of them. A series the service left out has no points; a point it sent oddly is a gap; a total
 * it left out is undefined (shown as "—"), never a made-up zero.
 */
import { formatBytes } from '../../../format/bytes.js';
import { formatCount } from '../../../format/number.js';
import { seriesValues, todayIndex } from '../../../format/series.js';
import { sanitize } from '../../../text/sanitize.js';
import type { SeriesRow } from '../../kit/series-grid/series-row.js';
import type { UsageStats } from './endpoints.js';

/** Every period series: requests, workflow usage, bandwidth, then each named series. */
export function overviewSeries(stats: UsageStats): SeriesRow[] {
	return [
		{ id: 'daily_used', label: 'requests', values: seriesValues(stats.daily_used), format: formatCount },
		{
			id: 'daily_used_workflow',
			label: 'workflow usage',
			values: seriesValues(stats.daily_used_workflow),
			format: formatCount,
		},
		{
			id: 'daily_bandwidth_used',
			label: 'bandwidth',
			values: seriesValues(stats.daily_bandwidth_used),
			format: formatBytes,
		},
		...(stats.daily_qstash_messages ?? []).map((s, i) => ({
			id: `daily_qstash_messages.${i}`,
			label: `messages ${sanitize(s.id)}`,
			values: seriesValues(s.data_points),
			format: formatCount,
		})),
		...(stats.daily_workflow_messages ?? []).map((s, i) => ({
			id: `daily_workflow_messages.${i}`,
			label: `workflow ${sanitize(s.id)}`,
			values: seriesValues(s.data_points),
			format: formatCount,
		})),
	];
}

/** Totals of a day or of the month; undefined where the service sent nothing to count. */
export interface UsageTotals {
	requests: number | undefined;
	workflowRuns: number | undefined;
	workflowMessages: number | undefined;
	bandwidth: number | undefined;
	billing: number | undefined;
}

type Point = { y?: unknown; [field: string]: unknown };

/** A number field of a point, or undefined when the point lacks it. */
const numberOf = (point: Point | undefined, field: string): number | undefined => {
	const value = point?.[field];
	return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
};

/** The sum of a field over a series: a gap counts nothing; a series without the field at all is undefined. */
function sum(series: readonly Point[] | undefined, field = 'y'): number | undefined {
	let total: number | undefined;
	for (const point of series ?? []) {
		const value = numberOf(point, field);
		if (value !== undefined) total = (total ?? 0) + value;
	}
	// A null `y` (the interval still open) is a value of nothing, not a missing one.
	if (total === undefined && field === 'y' && (series ?? []).some((p) => p.y === null)) return 0;
	return total;
}

/** The totals of one day of the month (an index into `days`). */
export function dayTotals(stats: UsageStats, day: number): UsageTotals {
	const request = stats.daily_requests?.[day];
	return {
		requests: request?.y === null ? 0 : numberOf(request, 'y'),
		workflowRuns: numberOf(request, 'workflow_run'),
		workflowMessages: numberOf(request, 'workflow_message'),
		bandwidth: numberOf(stats.daily_bandwidths?.[day], 'y'),
		billing: numberOf(stats.daily_billings?.[day], 'y'),
	};
}

/** The month so far: sums of the daily series, and the service's own billing total. */
export function monthTotals(stats: UsageStats): UsageTotals {
	return {
		requests: sum(stats.daily_requests),
		workflowRuns: sum(stats.daily_requests, 'workflow_run'),
		workflowMessages: sum(stats.daily_requests, 'workflow_message'),
		bandwidth: sum(stats.daily_bandwidths),
		billing: stats.total_monthly_billing,
	};
}

/** Days of the month the statistics cover: its `days`, or the daily series when those are missing. */
export function dayCount(stats: UsageStats): number {
	return stats.days?.length ?? stats.daily_requests?.length ?? 0;
}

/**
 * The name of each day of the month, sanitised, index-aligned with the bars: a day the service
 * sent oddly (a null at its place in `days`) or not at all is a blank, so the days after it keep
 * their places.
 */
export function dayNames(stats: UsageStats): string[] {
	return Array.from({ length: dayCount(stats) }, (_, i) => sanitize(stats.days?.[i] ?? ''));
}

/** The day under the cursor, e.g. `Friday 2 (today)`; its number alone when its name is missing. */
export function dayLabel(stats: UsageStats, day: number, today: number): string {
	const name = sanitize(stats.days?.[day] ?? '');
	return `${name ? `${name} ` : ''}${day + 1}${day === today ? ' (today)' : ''}`;
}

/** Index of today in the month's daily series. */
export function statsToday(stats: UsageStats, now: number): number {
	return todayIndex(stats.daily_requests ?? [], now);
}

/** Requests of each day of the month, index-aligned with `days`. */
export function monthRequests(stats: UsageStats): (number | null)[] {
	return Array.from({ length: dayCount(stats) }, (_, i) => numberOf(stats.daily_requests?.[i], 'y') ?? null);
}
