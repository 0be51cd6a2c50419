import type { Point } from '../../../format/series.js';

/** One sparkline row of a pane: label (ours or sanitised), values and how to print them. */
export interface SeriesRow {
	id: string;
	label: string;
	values: Point[];
	format: (value: number) => string;
}
