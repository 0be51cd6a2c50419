/**
 * `/` over a list, kept in the pane's state (as TailListState is): the text typed to narrow the
 * rows and whether its field is open. Which rows it keeps is worked out in row-filter.ts, over
 * each row as shown. An order by column would be one more field of this state and one more
 * action, so every list that filters would sort the same way.
 */
export interface RowFilterState {
	/** A regular expression, or plain text when it is not one; '' keeps every row. */
	filter: string;
	/** The filter's field is open. */
	filtering: boolean;
}

export type RowFilterAction =
	| { type: 'filter/open' }
	/** Applies the text typed (and closes the field); '' clears the filter. */
	| { type: 'filter/set'; text: string }
	| { type: 'filter/close' };

export const initialRowFilter: RowFilterState = { filter: '', filtering: false };

const types: ReadonlySet<string> = new Set<RowFilterAction['type']>([
	'filter/open',
	'filter/set',
	'filter/close',
]);

export function isRowFilterAction(action: { type: string }): action is RowFilterAction {
	return types.has(action.type);
}

export function rowFilterReducer<S extends RowFilterState>(state: S, action: RowFilterAction): S {
	switch (action.type) {
		case 'filter/open':
			return state.filtering ? state : { ...state, filtering: true };
		case 'filter/set':
			return state.filter === action.text && !state.filtering
				? state
				: { ...state, filter: action.text, filtering: false };
		case 'filter/close':
			return state.filtering ? { ...state, filtering: false } : state;
	}
}

/** Esc on a list with nothing open: clears its filter; undefined when there is none to clear. */
export function clearedFilter<S extends RowFilterState>(state: S): S | undefined {
	return state.filter ? rowFilterReducer(state, { type: 'filter/set', text: '' }) : undefined;
}
