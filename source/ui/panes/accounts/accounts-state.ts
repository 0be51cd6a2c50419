/** What the Accounts pane keeps: the selected row, and the open detail with its scroll. */
export interface AccountsState {
	cursor: number;
	detail: boolean;
	detailScroll: number;
}

export type AccountsAction =
	| { type: 'cursor/move'; delta: number; count: number }
	| { type: 'detail/open' }
	| { type: 'detail/scroll'; delta: number; count: number }
	| { type: 'back' };

export const initialAccountsState: AccountsState = { cursor: 0, detail: false, detailScroll: 0 };

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

export function accountsReducer(state: AccountsState, action: AccountsAction): AccountsState {
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
			return state.detail ? { ...state, detail: false } : state;
	}
}
