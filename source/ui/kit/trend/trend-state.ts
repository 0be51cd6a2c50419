/**
 * Recent values of a number per row (a queue's lag, a flow-control key's wait list), one sample
 * per poll, so a list can show which way each is going. Pure and bounded.
 */
import { sparkline } from '../../../format/series.js';

/** Samples by row key, oldest first. */
export type Trends = Readonly<Record<string, readonly number[]>>;

/** Samples kept per row. */
export const trendLength = 16;

/** Adds one sample per row; rows that no longer come are dropped, so the record stays as long as the list. */
export function addSamples(
	trends: Trends,
	samples: readonly (readonly [string, number | undefined])[],
): Trends {
	const next: Record<string, readonly number[]> = {};
	for (const [key, value] of samples) {
		const before = Object.hasOwn(trends, key) ? trends[key]! : [];
		next[key] = value === undefined ? before : [...before, value].slice(-trendLength);
	}
	return next;
}

/**
 * The samples of a row as a sparkline, and whether the last one is up or down on the first:
 * `▂▃▅▇ ↑`. The line is as wide as the samples kept, newest at the right, so the columns after
 * it stay put while samples come in.
 */
export function trendText(samples: readonly number[] | undefined): string {
	if (!samples || samples.length < 2) return '';
	// sparkline scales from zero: a steady backlog reads as a flat line, not as noise.
	const line = sparkline(samples).padStart(trendLength);
	const first = samples[0]!;
	const last = samples.at(-1)!;
	return `${line} ${last > first ? '↑' : last < first ? '↓' : '→'}`;
}
