/** Pure layout arithmetic for tables, scrolling lists and sparkline rows. */

export interface ColumnSpec {
	/** Widest content, header included. */
	natural: number;
	/** Never narrower than this while the column is shown. */
	min: number;
}

/**
 * Column widths that fit `available` cells with `gap` between columns. Columns keep their
 * natural width when everything fits; otherwise the widest shrink first (never below their
 * minimum); columns that still do not fit are dropped from the right (width 0).
 */
export function sizeColumns(columns: readonly ColumnSpec[], available: number, gap = 1): number[] {
	const count = columns.length;
	const total = (widths: number[]) => {
		const shown = widths.filter((w) => w > 0);
		return shown.reduce((a, b) => a + b, 0) + gap * Math.max(0, shown.length - 1);
	};
	const natural = columns.map((c) => Math.max(c.natural, 0));
	if (total(natural) <= available) return natural;
	const mins = columns.map((c) => Math.min(c.min, Math.max(c.natural, 0)));
	// Drop trailing columns until their minimums fit.
	let shown = count;
	const capped = (cap: number) =>
		natural.map((w, i) => (i < shown ? Math.max(mins[i]!, Math.min(w, cap)) : 0));
	while (shown > 1 && total(capped(0)) > available) shown--;
	// The largest cap at which the shown columns fit.
	let lo = 0;
	let hi = Math.max(...natural);
	while (lo < hi) {
		const mid = Math.ceil((lo + hi) / 2);
		if (total(capped(mid)) <= available) lo = mid;
		else hi = mid - 1;
	}
	const widths = capped(lo);
	// Hand out what the cap left over, left to right, to columns that were cut.
	let spare = available - total(widths);
	for (let i = 0; i < shown && spare > 0; i++) {
		const grow = Math.min(spare, natural[i]! - widths[i]!);
		if (grow > 0) {
			widths[i]! += grow;
			spare -= grow;
		}
	}
	if (shown === 1 && widths[0]! > available) widths[0] = Math.max(0, available);
	return widths;
}

/** First visible row of a list of `count` rows in `height` rows that keeps `selected` in view, centred when it can be. */
export function scrollStart(selected: number, count: number, height: number): number {
	if (height <= 0 || count <= height) return 0;
	const start = selected - Math.floor(height / 2);
	return Math.max(0, Math.min(start, count - height));
}

/** First visible row when the list is scrolled by an offset, clamped so the last page stays full. */
export function clampOffset(offset: number, count: number, height: number): number {
	return Math.max(0, Math.min(offset, count - Math.max(0, height)));
}

export interface SparklineLayout {
	label: number;
	spark: number;
	stats: number;
}

/** Cells the min/max/last text needs at least to say something (`last 12.3k`). */
const leastStats = 10;

/**
 * Splits a row of `width` cells into label, sparkline and the min/max/last text, one space
 * between each. The sparkline gets what remains, at least 4 cells; in a row too narrow for all
 * three the text gives way (to what is left, or none), never the label and its space, so the
 * label never runs into the sparkline.
 */
export function sparklineLayout(width: number, label: number, stats: number): SparklineLayout {
	const room = width - label - 4 - 2;
	const shown = stats <= room ? stats : room >= leastStats ? room : 0;
	const spark = Math.max(4, width - label - shown - 2);
	return { label, spark, stats: shown };
}
