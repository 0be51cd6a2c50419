/** What the Callbacks pane keeps: the list and its detail, the filter and its field. */
import {
	initialTailList,
	type TailListAction,
	type TailListState,
	tailListReducer,
} from '../../kit/tail-list/state.js';

export interface CallbacksState extends TailListState {
	/** The filter field is open. */
	editing: boolean;
	/** A regular expression, or plain text when it is not one; '' shows everything. */
	filter: string;
}

export type CallbacksAction =
	| TailListAction
	| { type: 'filter/open' }
	| { type: 'filter/set'; text: string }
	| { type: 'filter/close' }
	| { type: 'back' };

export const initialCallbacksState: CallbacksState = { ...initialTailList, editing: false, filter: '' };

export function callbacksReducer(state: CallbacksState, action: CallbacksAction): CallbacksState {
	switch (action.type) {
		case 'filter/open':
			return state.editing ? state : { ...state, editing: true };
		case 'filter/set':
			// Another filter shows other rows: the list follows the newest again.
			return { ...state, filter: action.text, editing: false, selected: undefined, detailScroll: 0 };
		case 'filter/close':
			return state.editing ? { ...state, editing: false } : state;
		case 'back':
			if (state.editing) return { ...state, editing: false };
			if (state.detail) return { ...state, detail: false };
			return state.filter ? callbacksReducer(state, { type: 'filter/set', text: '' }) : state;
		default:
			return tailListReducer(state, action);
	}
}

export const leaveCallbacks = (state: CallbacksState): CallbacksState => ({
	...state,
	editing: false,
	detail: false,
	detailScroll: 0,
});

/** Opened from another pane with a message id: the callbacks whose line names it. */
export function openCallbacks(state: CallbacksState, request: { messageId?: string }): CallbacksState {
	if (!request.messageId) return state;
	return callbacksReducer(leaveCallbacks(state), { type: 'filter/set', text: request.messageId });
}
