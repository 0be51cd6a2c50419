/**
 * Series scaling for sparklines and bar charts: plain arrays in, plain strings out.
 * A missing point (null `y`, as on the newest, still-open interval) stays missing.
 */

import { parseStatsTimestamp } from '../api/timestamp.js';

export type Point = number | null;

/**
 * The `y` values of a series, oldest first. A point whose `y` is missing or not a number (a
 * liberal reading left it out) is missing; a series that is missing altogether has no points.
 */
export function seriesValues(series: readonly { y?: unknown }[] | undefined): Point[] {
	return (series ?? []).map((p) => (typeof p.y === 'number' && Number.isFinite(p.y) ? p.y : null));
}

/**
 * Resamples to exactly `width` points. Shrinking takes the maximum of each bucket, so a spike
 * is never averaged away and the tallest bar is the reported max; growing repeats points.
 * A bucket whose points are all missing is missing.
 */
export function resample(values: readonly Point[], width: number): Point[] {
	const out: Point[] = [];
	if (width <= 0 || values.length === 0) return Array.from({ length: Math.max(0, width) }, () => null);
	const n = values.length;
	for (let i = 0; i < width; i++) {
		const start = Math.floor((i * n) / width);
		const end = Math.max(start + 1, Math.floor(((i + 1) * n) / width));
		let best: Point = null;
		for (let j = start; j < end && j < n; j++) {
			const v = values[j]!;
			if (v !== null && (best === null || v > best)) best = v;
		}
		out.push(best);
	}
	return out;
}

export interface SeriesSummary {
	min: number;
	max: number;
	/** The newest value that is not missing. */
	last: number;
	/** Sum of the values that are not missing. */
	total: number;
	missing: number;
}

/** Min, max and last of the points that are present; undefined when none is. */
export function summarize(values: readonly Point[]): SeriesSummary | undefined {
	let min = Number.POSITIVE_INFINITY;
	let max = Number.NEGATIVE_INFINITY;
	let last: number | undefined;
	let total = 0;
	let missing = 0;
	for (const v of values) {
		if (v === null) {
			missing++;
			continue;
		}
		if (v < min) min = v;
		if (v > max) max = v;
		total += v;
		last = v;
	}
	return last === undefined ? undefined : { min, max, last, total, missing };
}

export const sparkLevels = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'] as const;
export const missingMark = '·';

/**
 * One character per point. The axis starts at zero (or the minimum when negative) and rescales
 * to the maximum, so a flat non-zero line reads as full and a zero as the floor; any non-zero
 * value is at least one step above the floor.
 */
export function sparkline(values: readonly Point[]): string {
	const summary = summarize(values);
	if (!summary) return missingMark.repeat(values.length);
	const lo = Math.min(0, summary.min);
	const hi = summary.max;
	const top = sparkLevels.length - 1;
	let out = '';
	for (const v of values) {
		if (v === null) out += missingMark;
		else out += sparkLevels[level(v, lo, hi, top)];
	}
	return out;
}

function level(v: number, lo: number, hi: number, top: number): number {
	if (hi <= lo || v <= lo) return 0;
	return Math.min(top, Math.max(1, Math.round(((v - lo) / (hi - lo)) * top)));
}

const eighths = [' ', '▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'] as const;

/**
 * A vertical bar chart `height` rows tall, one column per value, top row first. Bars grow in
 * eighths of a row; a non-zero value shows at least one eighth, a missing one nothing. The top
 * of the chart is the largest value, or `top` when given (an axis rounded up).
 */
export function verticalBars(values: readonly Point[], height: number, top?: number): string[] {
	const summary = summarize(values);
	const max = top ?? (summary ? Math.max(0, summary.max) : 0);
	const steps = height * 8;
	const filled = values.map((v) => {
		if (v === null || v <= 0 || max === 0) return 0;
		return Math.max(1, Math.round((v / max) * steps));
	});
	const rows: string[] = [];
	for (let row = 0; row < height; row++) {
		const floor = (height - row - 1) * 8;
		rows.push(filled.map((f) => eighths[Math.min(8, Math.max(0, f - floor))]).join(''));
	}
	return rows;
}

/**
 * Index of today's point in the month-long daily series: the point dated today (UTC), else
 * the day of the month, since `days` covers the whole current month from the 1st.
 */
export function todayIndex(series: readonly { x?: string | number | undefined }[], now: number): number {
	const today = new Date(now).toISOString().slice(0, 10);
	const found = series.findIndex((p) => {
		const ms = p.x === undefined ? undefined : parseStatsTimestamp(p.x);
		return ms !== undefined && new Date(ms).toISOString().slice(0, 10) === today;
	});
	return found >= 0 ? found : new Date(now).getUTCDate() - 1;
}
