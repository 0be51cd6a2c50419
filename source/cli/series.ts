/** One line of numbers per statistics series, for readable output of `mqtop stats`. */
import { parseStatsTimestamp } from '../api/timestamp.js';

export interface SeriesSummary {
	points: number;
	total: number;
	/** The newest value that is in the past and not null. */
	latest: number | undefined;
	max: number | undefined;
}

export function summarizeSeries(
	points: readonly { x: string; y: number | null }[],
	now: number,
): SeriesSummary {
	let total = 0;
	let max: number | undefined;
	let latest: number | undefined;
	let latestAt = Number.NEGATIVE_INFINITY;
	for (const point of points) {
		if (point.y === null) continue;
		total += point.y;
		max = max === undefined ? point.y : Math.max(max, point.y);
		const at = parseStatsTimestamp(point.x) ?? Number.NEGATIVE_INFINITY;
		// Daily series run to the end of the month; the future days are zeros, not "latest".
		if (at <= now && at >= latestAt) {
			latestAt = at;
			latest = point.y;
		}
	}
	return { points: points.length, total, latest, max };
}
