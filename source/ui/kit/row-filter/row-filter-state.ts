/**
 * `/` and `o`/`O` over a list, kept in the pane's state (as TailListState is): the text typed to
 * narrow the rows, whether its field is open, and the column the rows are sorted by. Which
 * rows are kept and in what order is worked out in row-filter.ts and row-order.ts, over each
 * row as shown, so every list filters and sorts the same way.
 */
import { type RowOrder, reverseOrder, stepOrder } from './row-order.js';

export interface RowFilterState {
	/** A regular expression, or plain text when it is not one; '' keeps every row. */
	filter: string;
	/** The filter's field is open. */
	filtering: boolean;
	/** The column the rows are sorted by; none keeps the service's order. */
	order: RowOrder | undefined;
}

export type RowFilterAction =
	| { type: 'filter/open' }
	/** Applies the text typed (and closes the field); '' clears the filter. */
	| { type: 'filter/set'; text: string }
	| { type: 'filter/close' }
	/** Sorts by the next (1) or previous (-1) of the list's columns, `headers`, or none past the end. */
	| { type: 'order/step'; headers: readonly string[]; step: 1 | -1 }
	/** The same column the other way. */
	| { type: 'order/reverse'; headers: readonly string[] };

export const initialRowFilter: RowFilterState = { filter: '', filtering: false, order: undefined };

const types: ReadonlySet<string> = new Set<RowFilterAction['type']>([
	'filter/open',
	'filter/set',
	'filter/close',
	'order/step',
	'order/reverse',
]);

export function isRowFilterAction(action: { type: string }): action is RowFilterAction {
	return types.has(action.type);
}

/**
 * What else changes in a list's state when it shows other rows (another filter, or none): e.g.
 * the selection goes back to the first row, or a newest-first list follows the newest again.
 */
export type Refiltered<S> = (state: S) => S;

/** The filter and order actions; a new filter (`filter/set`) also does what `refiltered` says. */
export function rowFilterReducer<S extends RowFilterState>(
	state: S,
	action: RowFilterAction,
	refiltered?: Refiltered<S>,
): S {
	switch (action.type) {
		case 'filter/open':
			return state.filtering ? state : { ...state, filtering: true };
		case 'filter/set': {
			const next =
				state.filter === action.text && !state.filtering
					? state
					: { ...state, filter: action.text, filtering: false };
			return refiltered ? refiltered(next) : next;
		}
		case 'filter/close':
			return state.filtering ? { ...state, filtering: false } : state;
		case 'order/step':
			return { ...state, order: stepOrder(state.order, action.headers, action.step) };
		case 'order/reverse':
			return { ...state, order: reverseOrder(state.order, action.headers) };
	}
}

/**
 * Esc on a list with nothing open: clears its filter and its order, back to every row in the
 * service's order (and what `refiltered` says); undefined when there is neither to clear.
 */
export function clearedFilter<S extends RowFilterState>(state: S, refiltered?: Refiltered<S>): S | undefined {
	if (!state.filter && !state.order) return undefined;
	const cleared = { ...state, filter: '', filtering: false, order: undefined };
	return refiltered ? refiltered(cleared) : cleared;
}
