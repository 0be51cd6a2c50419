/** One line of numbers per statistics series, for readable output of `mqtop stats`. */
import { parseStatsTimestamp } from '../api/timestamp.js';

export interface SeriesSummary {
	points: number;
	/** Points without a number: odd or missing values, shown as gaps. */
	gaps: number;
	total: number;
	/** The newest value that is in the past and not null. */
	latest: number | undefined;
	max: number | undefined;
}

/** A datapoint as read liberally: a point without a number is a gap, one without a time is not "latest". */
export interface PointLike {
	x?: string | number | undefined;
	y?: number | null | undefined;
}

export function summarizeSeries(points: readonly PointLike[], now: number): SeriesSummary {
	let total = 0;
	let max: number | undefined;
	let latest: number | undefined;
	let latestAt = Number.NEGATIVE_INFINITY;
	let gaps = 0;
	for (const point of points) {
		if (typeof point.y !== 'number') {
			// The newest point's null is an interval still open, not a gap (docs/protocol/statistics.md#periods).
			if (point.y !== null) gaps++;
			continue;
		}
		total += point.y;
		max = max === undefined ? point.y : Math.max(max, point.y);
		const at = point.x === undefined ? undefined : parseStatsTimestamp(point.x);
		if (at === undefined) continue;
		// Daily series run to the end of the month; the future days are zeros, not "latest".
		if (at <= now && at >= latestAt) {
			latestAt = at;
			latest = point.y;
		}
	}
	return { points: points.length, gaps, total, latest, max };
}
