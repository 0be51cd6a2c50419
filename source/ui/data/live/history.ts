/**
 * The history of each rate: one sample per poll, the count since the poll before and the time
 * it spans. A missed poll makes the next sample span longer, never a zero: its count is spread
 * over the time it covers, and marked as an estimate. Pure, over immutable arrays.
 */

export interface Sample {
	/** When the poll that counted it answered. */
	at: number;
	/** Time since the poll before. */
	spanMs: number;
	/** null: not known (the statistics changed period, their points no longer line up). */
	count: number | null;
	/** Not counted one by one: spread over missed polls, scaled from part of the entries, or a mean of the statistics. */
	estimate: boolean;
}

/** A level read at one time, e.g. the dead letters now. */
export interface Level {
	at: number;
	value: number;
}

/** Appends `added` (an item, or items oldest first) and drops what is older than `keepMs` before the newest. */
export function appendKept<T extends { at: number }>(
	items: readonly T[],
	added: T | readonly T[],
	keepMs: number,
): T[] {
	const fresh: readonly T[] = Array.isArray(added) ? added : [added as T];
	const newest = fresh.at(-1);
	if (!newest) return [...items];
	const all = [...items, ...fresh];
	const from = newest.at - keepMs;
	let start = 0;
	while (start < all.length && all[start]!.at < from) start++;
	return start === 0 ? all : all.slice(start);
}

/** The counts of the samples that ended within `windowMs` before `now`. */
export function sumWithin(samples: readonly Sample[], now: number, windowMs: number): number {
	let total = 0;
	for (let i = samples.length - 1; i >= 0; i--) {
		const sample = samples[i]!;
		if (sample.at <= now - windowMs) break;
		total += sample.count ?? 0;
	}
	return total;
}

/** Rises of a level within the window: what was added, whatever was taken away meanwhile. */
export function risesWithin(levels: readonly Level[], now: number, windowMs: number): number {
	let total = 0;
	for (let i = levels.length - 1; i > 0; i--) {
		const level = levels[i]!;
		if (level.at <= now - windowMs) break;
		total += Math.max(0, level.value - levels[i - 1]!.value);
	}
	return total;
}

/**
 * The time between polls as they come: the median span of the newest samples, at least the
 * refresh interval (a poll is asked again that long after its answer, so spans run longer).
 */
export function typicalSpan(samples: readonly Sample[], refreshMs: number): number {
	const spans = samples
		.slice(-21)
		.map((s) => s.spanMs)
		.sort((a, b) => a - b);
	const median = spans[Math.floor(spans.length / 2)];
	return median === undefined ? refreshMs : Math.max(refreshMs, median);
}

/** A chart's columns, newest right: the rate per second of each, and whether it is an estimate. */
export interface Columns {
	values: (number | null)[];
	estimates: boolean[];
}

/**
 * The newest `width` columns of `stepMs` each. A sample spanning several steps (missed polls)
 * fills as many columns with its mean rate, marked as estimates; columns before the first
 * sample are empty.
 */
export function rateColumns(samples: readonly Sample[], width: number, stepMs: number): Columns {
	const values: (number | null)[] = [];
	const estimates: boolean[] = [];
	for (let i = samples.length - 1; i >= 0 && values.length < width; i--) {
		const sample = samples[i]!;
		const steps = Math.max(1, Math.round(sample.spanMs / stepMs));
		const rate = sample.count === null || sample.spanMs <= 0 ? null : (sample.count * 1000) / sample.spanMs;
		for (let s = 0; s < steps && values.length < width; s++) {
			values.push(rate);
			estimates.push(rate !== null && (sample.estimate || steps > 1));
		}
	}
	while (values.length < width) {
		values.push(null);
		estimates.push(false);
	}
	return { values: values.reverse(), estimates: estimates.reverse() };
}

/** The newest `width` levels, one a column, newest right. */
export function levelColumns(levels: readonly Level[], width: number): Columns {
	const shown = levels.slice(-width).map((l) => l.value);
	const values: (number | null)[] = [...Array.from({ length: width - shown.length }, () => null), ...shown];
	return { values, estimates: values.map(() => false) };
}
