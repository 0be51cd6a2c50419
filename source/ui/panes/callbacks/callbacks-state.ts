/** What the Callbacks pane keeps: the list and its detail, the filter and its field, replays. */
import type { ForwardSummary } from '../../../receiver/index.js';
import {
	initialRowFilter,
	type RowFilterAction,
	type RowFilterState,
	rowFilterReducer,
} from '../../kit/row-filter/row-filter-state.js';
import {
	initialTailList,
	type TailListAction,
	type TailListState,
	tailListReducer,
} from '../../kit/tail-list/tail-list-state.js';

/** A replay of a request: under way, or the app's answer (or why it could not be sent). */
export type ReplayState =
	| { state: 'sending' }
	| { state: 'answered'; forward: ForwardSummary; resigned: boolean; edited: boolean }
	| { state: 'failed'; message: string };

export interface CallbacksState extends TailListState, RowFilterState {
	/** The body field of a replay is open, for the request of this row (its key: callbacks-model.ts rowKey). */
	editingBody: string | undefined;
	/** Replays by row key: the newest of each. */
	replays: Readonly<Record<string, ReplayState>>;
	/** A replay shown as its request before it is sent: its row, and the body typed for it (e). */
	confirm: { key: string; body?: string } | undefined;
	/** Why the last key could not do what it does (R with no app to send to): said until the next key. */
	notice: string | undefined;
}

export type CallbacksAction =
	| TailListAction
	| RowFilterAction
	| { type: 'replay/edit'; key: string }
	| { type: 'replay/edit-close' }
	| { type: 'replay/state'; key: string; replay: ReplayState }
	/** Shows the replay of a row as its request, to be sent on a yes. */
	| { type: 'replay/ask'; key: string; body?: string }
	/** The request shown is answered: sent (its state follows) or not. */
	| { type: 'replay/answered' }
	| { type: 'notice'; text: string | undefined }
	| { type: 'back' };

export const initialCallbacksState: CallbacksState = {
	...initialTailList,
	...initialRowFilter,
	editingBody: undefined,
	replays: {},
	confirm: undefined,
	notice: undefined,
};

export function callbacksReducer(state: CallbacksState, action: CallbacksAction): CallbacksState {
	// A notice answers the key just pressed: whatever comes next takes it away.
	if (state.notice !== undefined && action.type !== 'notice' && action.type !== 'replay/state')
		return callbacksReducer({ ...state, notice: undefined }, action);
	switch (action.type) {
		case 'notice':
			return state.notice === action.text ? state : { ...state, notice: action.text };
		case 'filter/open':
		case 'filter/close':
		case 'order/step':
		case 'order/reverse':
			return rowFilterReducer(state, action);
		case 'filter/set':
			// Another filter shows other rows: the list follows the newest again.
			return { ...rowFilterReducer(state, action), selected: undefined, detailScroll: 0 };
		case 'replay/edit':
			return { ...state, filtering: false, editingBody: action.key };
		case 'replay/edit-close':
			return state.editingBody === undefined ? state : { ...state, editingBody: undefined };
		case 'replay/state':
			return { ...state, editingBody: undefined, replays: { ...state.replays, [action.key]: action.replay } };
		case 'replay/ask':
			return {
				...state,
				filtering: false,
				editingBody: undefined,
				confirm: { key: action.key, ...(action.body !== undefined ? { body: action.body } : {}) },
			};
		case 'replay/answered':
			return state.confirm ? { ...state, confirm: undefined } : state;
		case 'back':
			if (state.confirm) return { ...state, confirm: undefined };
			if (state.editingBody !== undefined) return { ...state, editingBody: undefined };
			if (state.filtering) return { ...state, filtering: false };
			if (state.detail) return { ...state, detail: false };
			return state.filter || state.order
				? { ...callbacksReducer(state, { type: 'filter/set', text: '' }), order: undefined }
				: state;
		default:
			return tailListReducer(state, action);
	}
}

export const leaveCallbacks = (state: CallbacksState): CallbacksState => ({
	...state,
	filtering: false,
	editingBody: undefined,
	confirm: undefined,
	notice: undefined,
	detail: false,
	detailScroll: 0,
});

/** Opened from another pane with a message id: the callbacks whose line names it. */
export function openCallbacks(state: CallbacksState, request: { messageId?: string }): CallbacksState {
	if (!request.messageId) return state;
	return callbacksReducer(leaveCallbacks(state), { type: 'filter/set', text: request.messageId });
}
