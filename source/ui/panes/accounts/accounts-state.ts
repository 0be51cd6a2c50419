/** What the Accounts pane keeps: the selected row, the open detail with its scroll, the filter and order. */
import {
	clearedFilter,
	initialRowFilter,
	isRowFilterAction,
	type RowFilterAction,
	type RowFilterState,
	rowFilterReducer,
} from '../../kit/row-filter/row-filter-state.js';

export interface AccountsState extends RowFilterState {
	cursor: number;
	detail: boolean;
	detailScroll: number;
}

export type AccountsAction =
	| { type: 'cursor/move'; delta: number; count: number }
	| { type: 'detail/open' }
	| { type: 'detail/scroll'; delta: number; count: number }
	| RowFilterAction
	| { type: 'back' };

export const initialAccountsState: AccountsState = {
	cursor: 0,
	detail: false,
	detailScroll: 0,
	...initialRowFilter,
};

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

export function accountsReducer(state: AccountsState, action: AccountsAction): AccountsState {
	// Another filter shows other rows: from the first.
	if (isRowFilterAction(action))
		return action.type === 'filter/set'
			? { ...rowFilterReducer(state, action), cursor: 0 }
			: rowFilterReducer(state, action);
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
			if (state.filtering) return rowFilterReducer(state, { type: 'filter/close' });
			if (state.detail) return { ...state, detail: false };
			return clearedFilter({ ...state, cursor: 0 }) ?? state;
	}
}
