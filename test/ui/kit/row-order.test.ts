/**
 * The order `o`/`O` give a list, as pure functions: by a column's value (numbers as numbers,
 * times as times, text ignoring case), missing values last either way, equal rows as they were;
 * the column cycled through and back to the service's order; and the arrangement (filter, then
 * order) worked out once for the same inputs.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
	arrangeRows,
	compileFilter,
	loadFilterEngine,
	rowArranger,
} from '../../../source/ui/kit/row-filter/row-filter.js';
import {
	clearedFilter,
	initialRowFilter,
	rowFilterReducer,
} from '../../../source/ui/kit/row-filter/row-filter-state.js';
import {
	compareValues,
	orderLabel,
	orderRows,
	reverseOrder,
	stepOrder,
} from '../../../source/ui/kit/row-filter/row-order.js';
import type { Column } from '../../../source/ui/kit/table/table-view.js';

interface Row {
	name: string;
	lag: number | undefined;
	at: number;
}

const columns: Column<Row>[] = [
	{ header: 'name', cell: (r) => r.name },
	// Shown formatted: 1,200 would sort before 300 as text.
	{
		header: 'lag',
		cell: (r) => (r.lag === undefined ? '—' : r.lag.toLocaleString('en')),
		value: (r) => r.lag,
	},
	// A time shown as a clock: sorted by the instant, not the text.
	{
		header: 'updated',
		cell: (r) => new Date(r.at).toISOString().slice(11, 19),
		value: (r) => r.at,
	},
];

const day = 86_400_000;
const rows: Row[] = [
	{ name: 'beta', lag: 1200, at: 5 * day + 1000 },
	{ name: 'Alpha', lag: undefined, at: 2 * day + 9000 },
	{ name: 'gamma', lag: 300, at: 9 * day },
	{ name: 'alpha', lag: 300, at: 1 * day + 60_000 },
];
const names = (list: readonly Row[]) => list.map((r) => r.name);

describe('compareValues', () => {
	it('compares numbers by size, text ignoring case with its digits as numbers, numbers first', () => {
		expect(compareValues(300, 1200)).toBeLessThan(0);
		expect(compareValues('msg-2', 'msg-10')).toBeLessThan(0);
		expect(compareValues('Alpha', 'alpha')).toBe(0);
		expect(compareValues('b', 'A')).toBeGreaterThan(0);
		expect(compareValues(5, 'a')).toBeLessThan(0);
	});
});

describe('orderRows', () => {
	it('sorts numbers as numbers (not as the text shown), missing last, ties as they were', () => {
		expect(names(orderRows(rows, columns, { column: 'lag', descending: false }))).toEqual([
			'gamma',
			'alpha',
			'beta',
			'Alpha',
		]);
		// Descending: the largest first, the missing one still last, ties still in their order.
		expect(names(orderRows(rows, columns, { column: 'lag', descending: true }))).toEqual([
			'beta',
			'gamma',
			'alpha',
			'Alpha',
		]);
	});

	it('sorts times as times, whatever the clock shown says', () => {
		expect(names(orderRows(rows, columns, { column: 'updated', descending: false }))).toEqual([
			'alpha',
			'Alpha',
			'beta',
			'gamma',
		]);
	});

	it('sorts text ignoring case, equal text in the order it came', () => {
		expect(names(orderRows(rows, columns, { column: 'name', descending: false }))).toEqual([
			'Alpha',
			'alpha',
			'beta',
			'gamma',
		]);
		expect(names(orderRows(rows, columns, { column: 'name', descending: true }))).toEqual([
			'gamma',
			'beta',
			'Alpha',
			'alpha',
		]);
	});

	it('keeps the rows as they are without an order, or by a column the list lacks', () => {
		expect(orderRows(rows, columns, undefined)).toBe(rows);
		expect(orderRows(rows, columns, { column: 'nope', descending: false })).toBe(rows);
	});
});

describe('the order keys', () => {
	const headers = columns.map((c) => c.header);

	it('o steps through the columns ascending, then back to the service order; < the other way', () => {
		let order = stepOrder(undefined, headers, 1);
		expect(order).toEqual({ column: 'name', descending: false });
		order = stepOrder(order, headers, 1);
		expect(order).toEqual({ column: 'lag', descending: false });
		order = stepOrder(stepOrder(order, headers, 1), headers, 1);
		expect(order).toBeUndefined();
		expect(stepOrder(undefined, headers, -1)).toEqual({ column: 'updated', descending: false });
		expect(stepOrder({ column: 'name', descending: true }, headers, -1)).toBeUndefined();
	});

	it('O reverses the column sorted by, or sorts by the first from the last row', () => {
		expect(reverseOrder({ column: 'lag', descending: false }, headers)).toEqual({
			column: 'lag',
			descending: true,
		});
		expect(reverseOrder(undefined, headers)).toEqual({ column: 'name', descending: true });
		expect(orderLabel({ column: 'lag', descending: true })).toBe('sorted by lag ↓');
	});

	it('lives in the list state beside the filter; esc clears both', () => {
		let state = rowFilterReducer(initialRowFilter, { type: 'order/step', headers, step: 1 });
		state = rowFilterReducer(state, { type: 'order/reverse', headers });
		expect(state.order).toEqual({ column: 'name', descending: true });
		const cleared = clearedFilter({ ...state, filter: 'x' });
		expect(cleared).toEqual(initialRowFilter);
		expect(clearedFilter(initialRowFilter)).toBeUndefined();
		// An order alone is cleared too.
		expect(clearedFilter(state)?.order).toBeUndefined();
	});
});

describe('arrangeRows', () => {
	beforeAll(() => loadFilterEngine());

	it('keeps what the filter matches in the row as shown, then sorts it', () => {
		const filter = compileFilter('alpha|gamma');
		expect(names(arrangeRows(rows, columns, filter, { column: 'lag', descending: true }))).toEqual([
			'gamma',
			'alpha',
			'Alpha',
		]);
		// The formatted cell is what the filter reads: `1,200`.
		expect(names(arrangeRows(rows, columns, compileFilter('1,200'), undefined))).toEqual(['beta']);
	});

	it('answers the same array for the same inputs without a pass over the rows', () => {
		const arrange = rowArranger<Row>();
		const order = { column: 'name', descending: false };
		let reads = 0;
		const counted: Column<Row>[] = [
			{
				header: 'name',
				cell: (r) => {
					reads++;
					return r.name;
				},
			},
		];
		const first = arrange(rows, counted, undefined, order);
		const after = reads;
		expect(arrange(rows, counted, undefined, order)).toBe(first);
		expect(reads).toBe(after);
		// New rows (an answer) are sorted again.
		const next = arrange([...rows], counted, undefined, order);
		expect(next).not.toBe(first);
		expect(names(next)).toEqual(names(first));
	});
});
