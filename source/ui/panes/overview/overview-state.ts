/** What the Overview keeps: how far its series are scrolled, and the day under its day cursor. */
export interface OverviewState {
	/** First visible line of the series grid. */
	scroll: number;
	/** The day under the cursor, as an index into the account's days; undefined is today. */
	day: { accountId: string; index: number } | undefined;
}

export type OverviewAction =
	| { type: 'scroll'; delta: number; count: number }
	/** Moves the day cursor of `accountId` by `delta` from `from`, within `count` days. */
	| { type: 'day/move'; accountId: string; delta: number; from: number; count: number };

export const initialOverviewState: OverviewState = { scroll: 0, day: undefined };

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

export function overviewReducer(state: OverviewState, action: OverviewAction): OverviewState {
	switch (action.type) {
		case 'scroll': {
			const scroll = clamp(state.scroll + action.delta, 0, Math.max(0, action.count - 1));
			return scroll === state.scroll ? state : { ...state, scroll };
		}
		case 'day/move': {
			const from = state.day?.accountId === action.accountId ? state.day.index : action.from;
			const index = clamp(from + action.delta, 0, Math.max(0, action.count - 1));
			return { ...state, day: { accountId: action.accountId, index } };
		}
	}
}

/** The day under the cursor for `accountId`; another account's cursor does not carry over. */
export function dayOf(state: OverviewState, accountId: string): number | undefined {
	return state.day?.accountId === accountId ? state.day.index : undefined;
}
