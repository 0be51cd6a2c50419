import type { Point } from '../../../format/series.js';
import { sameItems } from '../../data/same-items.js';

/** One sparkline row of a pane: label (ours or sanitised), values and how to print them. */
export interface SeriesRow {
	id: string;
	label: string;
	values: Point[];
	format: (value: number) => string;
}

function sameRow(a: SeriesRow, b: SeriesRow): boolean {
	return a.label === b.label && a.format === b.format && sameItems(a.values, b.values);
}

/**
 * `next`, with each row that reads as the row of its id in `previous` replaced by that row: a
 * new answer in which one series moved draws that series' sparkline again, not every one.
 */
export function keepUnchangedRows(
	previous: readonly SeriesRow[],
	next: readonly SeriesRow[],
): readonly SeriesRow[] {
	const before = new Map(previous.map((row) => [row.id, row]));
	const rows = next.map((row) => {
		const kept = before.get(row.id);
		return kept && sameRow(kept, row) ? kept : row;
	});
	return sameItems(rows, previous) ? previous : rows;
}
