/** A table column of each row's trend (kit/trend): cut from its start, so the newest samples and the arrow stay. */
import type { Column } from '../table/table-view.js';
import { type Trends, trendText } from './trend-state.js';

export function trendColumn<Row>(header: string, trends: Trends, key: (row: Row) => string): Column<Row> {
	return {
		header,
		cell: (row) => trendText(trends[key(row)]),
		// Sorted by the latest sample.
		value: (row) => trends[key(row)]?.at(-1),
		minWidth: 0,
		cut: (text, width) => (width <= 0 ? '' : text.slice(-width)),
	};
}
