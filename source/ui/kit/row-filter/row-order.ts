/**
 * The order `o`/`O` give a list: by one of its columns, up or down, compared by what the column
 * holds (numbers as numbers, times as times, text ignoring case), the service's order kept
 * among equal rows. Pure: the list's state keeps the order, its model sorts by it.
 */
import { missing } from '../../../format/missing.js';
import type { Column } from '../table/table-view.js';

/** A list sorted by the column headed `column`; `descending` from the largest, latest or last. */
export interface RowOrder {
	column: string;
	descending: boolean;
}

/** What a column sorts by: a number (a time as epoch ms), or text; undefined sorts last. */
export type SortValue = number | string | undefined;

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** The value a column sorts `row` by: its `value`, else its cell as shown; an empty or missing (—) cell is none. */
export function sortValue<Row>(column: Column<Row>, row: Row): SortValue {
	const value = column.value ? column.value(row) : column.cell(row);
	if (typeof value === 'number') return Number.isNaN(value) ? undefined : value;
	return value === undefined || value.trim() === '' || value === missing ? undefined : value;
}

/**
 * Two values in ascending order: numbers by size, text case-insensitively with the digits in it
 * read as numbers (`msg-2` before `msg-10`), numbers before text. Missing values are not
 * compared here: `orderRows` keeps them last either way.
 */
export function compareValues(a: number | string, b: number | string): number {
	if (typeof a === 'number' && typeof b === 'number') return a - b;
	if (typeof a === 'number') return -1;
	if (typeof b === 'number') return 1;
	return collator.compare(a, b);
}

/**
 * The rows in `order`: by the column it names (none, or a column the list lacks, keeps the rows
 * as they are), rows without a value last whichever way, equal rows in their order before.
 */
export function orderRows<Row>(
	rows: readonly Row[],
	columns: readonly Column<Row>[],
	order: RowOrder | undefined,
): readonly Row[] {
	const column = order && columns.find((c) => c.header === order.column);
	if (!order || !column) return rows;
	const sign = order.descending ? -1 : 1;
	// Each value once, not once per comparison: a cell may format a time or a URL.
	const keyed = rows.map((row, at) => ({ row, at, value: sortValue(column, row) }));
	keyed.sort((a, b) => {
		if (a.value === undefined || b.value === undefined)
			return a.value === b.value ? a.at - b.at : a.value === undefined ? 1 : -1;
		return sign * compareValues(a.value, b.value) || a.at - b.at;
	});
	return keyed.map((k) => k.row);
}

/**
 * The order after `o` (step 1) or `<` (step -1): by the next (or previous) column, ascending;
 * past the last (or first) column, none: the order the service lists them in.
 */
export function stepOrder(
	order: RowOrder | undefined,
	headers: readonly string[],
	step: 1 | -1,
): RowOrder | undefined {
	if (headers.length === 0) return undefined;
	const at = order ? headers.indexOf(order.column) : -1;
	// Positions -1 (none) .. headers.length - 1, round.
	const next = ((at + 1 + step + headers.length + 1) % (headers.length + 1)) - 1;
	return next < 0 ? undefined : { column: headers[next]!, descending: false };
}

/** `O`: the same column the other way; without an order, the first column from the last row. */
export function reverseOrder(order: RowOrder | undefined, headers: readonly string[]): RowOrder | undefined {
	if (order) return { ...order, descending: !order.descending };
	return headers[0] === undefined ? undefined : { column: headers[0], descending: true };
}

/** The order as a title says it: `sorted by lag ↓`. */
export function orderLabel(order: RowOrder): string {
	return `sorted by ${order.column} ${order.descending ? '↓' : '↑'}`;
}
