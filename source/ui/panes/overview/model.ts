/** What the Overview shows of the usage statistics of one account: pure, over MqStats. */
import type { MqStats } from '../../../api/schemas.js';
import { formatBytes } from '../../../format/bytes.js';
import { formatCount } from '../../../format/number.js';
import { seriesValues, todayIndex } from '../../../format/series.js';
import { sanitize } from '../../../text/sanitize.js';
import type { SeriesRow } from '../../kit/series-grid/series-row.js';

/** Every period series: requests, workflow usage, bandwidth, then each named series. */
export function overviewSeries(stats: MqStats): SeriesRow[] {
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
		...stats.daily_qstash_messages.map((s, i) => ({
			id: `daily_qstash_messages.${i}`,
			label: `messages ${sanitize(s.id)}`,
			values: seriesValues(s.data_points),
			format: formatCount,
		})),
		...stats.daily_workflow_messages.map((s, i) => ({
			id: `daily_workflow_messages.${i}`,
			label: `workflow ${sanitize(s.id)}`,
			values: seriesValues(s.data_points),
			format: formatCount,
		})),
	];
}

export interface UsageTotals {
	requests: number;
	workflowRuns: number;
	workflowMessages: number;
	bandwidth: number;
	billing: number;
}

const yOf = (p: { y: number | null } | undefined) => p?.y ?? 0;

/** The totals of one day of the month (an index into `days`). */
export function dayTotals(stats: MqStats, day: number): UsageTotals {
	const request = stats.daily_requests[day];
	return {
		requests: yOf(request),
		workflowRuns: request?.workflow_run ?? 0,
		workflowMessages: request?.workflow_message ?? 0,
		bandwidth: yOf(stats.daily_bandwidths[day]),
		billing: yOf(stats.daily_billings[day]),
	};
}

/** The month so far: sums of the daily series, and the service's own billing total. */
export function monthTotals(stats: MqStats): UsageTotals {
	const sum = (values: readonly { y: number | null }[]) => values.reduce((a, p) => a + yOf(p), 0);
	return {
		requests: sum(stats.daily_requests),
		workflowRuns: stats.daily_requests.reduce((a, p) => a + p.workflow_run, 0),
		workflowMessages: stats.daily_requests.reduce((a, p) => a + p.workflow_message, 0),
		bandwidth: sum(stats.daily_bandwidths),
		billing: stats.total_monthly_billing,
	};
}

/** Index of today in the month's daily series. */
export function statsToday(stats: MqStats, now: number): number {
	return todayIndex(stats.daily_requests, now);
}

/** Requests of each day of the month, index-aligned with `days`. */
export function monthRequests(stats: MqStats): (number | null)[] {
	return stats.days.map((_, i) => {
		const point = stats.daily_requests[i];
		return point ? point.y : null;
	});
}
