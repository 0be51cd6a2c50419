/** What the Accounts pane keeps: the selected row, the open detail with its scroll, the filter and order. */
import * as rowFilter from '../../kit/row-filter/row-filter-state.js';

export interface AccountsState extends rowFilter.RowFilterState {
	cursor: number;
	detail: boolean;
	detailScroll: number;
}

export type AccountsAction =
	| { type: 'cursor/move'; delta: number; count: number }
	| { type: 'detail/open' }
	| { type: 'detail/scroll'; delta: number; count: number }
	| rowFilter.RowFilterAction
	| { type: 'back' };

export const initialAccountsState: AccountsState = {
	cursor: 0,
	detail: false,
	detailScroll: 0,
	...rowFilter.initialRowFilter,
};

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Another filter (or none) shows other rows: from the first. */
const fromFirst = (state: AccountsState): AccountsState => ({ ...state, cursor: 0 });

export function accountsReducer(state: AccountsState, action: AccountsAction): AccountsState {
	if (rowFilter.isRowFilterAction(action)) return rowFilter.rowFilterReducer(state, action, fromFirst);
	switch (action.type) {
		case 'cursor/move': {
			const cursor = clamp(state.cursor + action.delta, 0, Math.max(0, action.count - 1));
			return cursor === state.cursor ? state : { ...state, cursor };
		}
		case 'detail/open':
			return { ...state, detail: true, detailScroll: 0 };
		case 'detail/scroll': {
			const next = clamp(state.detailScroll + action.delta, 0, Math.max(0, action.count - 1));
			return next === state.detailScroll ? state : { ...state, detailScroll: next };
		}
		case 'back':
			if (state.filtering) return rowFilter.rowFilterReducer(state, { type: 'filter/close' });
			if (state.detail) return { ...state, detail: false };
			return rowFilter.clearedFilter(state, fromFirst) ?? state;
	}
}
