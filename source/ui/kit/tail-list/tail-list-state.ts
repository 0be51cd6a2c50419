/**
 * A newest-first list that grows at the top (Messages, Callbacks) with the detail of one row:
 * which row is selected (by key; none follows the newest), whether its detail is open, and how
 * far the detail is scrolled. Pure reducer; a pane keeps it inside its own state.
 */
export interface TailListState {
	/** The row kept selected, by its key; absent follows the newest. */
	selected: string | undefined;
	/** The detail view of the selected row is open. */
	detail: boolean;
	/** First line shown of the detail view. */
	detailScroll: number;
}

export type TailListAction =
	/** Selects a row by key; undefined follows the newest row. */
	| { type: 'select'; key: string | undefined }
	| { type: 'detail/open' }
	/** Scrolls the detail by `delta` lines, within `count` scroll positions. */
	| { type: 'detail/scroll'; delta: number; count: number }
	| { type: 'detail/close' };

export const initialTailList: TailListState = { selected: undefined, detail: false, detailScroll: 0 };

function clamp(value: number, min: number, max: number): number {
	return Math.min(max, Math.max(min, value));
}

export function tailListReducer<S extends TailListState>(state: S, action: TailListAction): S {
	switch (action.type) {
		case 'select':
			return state.selected === action.key ? state : { ...state, selected: action.key, detailScroll: 0 };
		case 'detail/open':
			return { ...state, detail: true, detailScroll: 0 };
		case 'detail/scroll': {
			const next = clamp(state.detailScroll + action.delta, 0, Math.max(0, action.count - 1));
			return next === state.detailScroll ? state : { ...state, detailScroll: next };
		}
		case 'detail/close':
			return state.detail ? { ...state, detail: false } : state;
	}
}
