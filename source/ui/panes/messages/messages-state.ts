/** What the Messages pane keeps besides the messages themselves. */
import { sameItems } from '../../data/same-items.js';
import {
	initialRequestList,
	leaveRequestFlow,
	type PendingRequest,
	type RequestListAction,
	type RequestListState,
	requestListReducer,
} from '../../kit/request-flow/request-flow-state.js';
import {
	clearedFilter,
	initialRowFilter,
	isRowFilterAction,
	type RowFilterAction,
	type RowFilterState,
	rowFilterReducer,
} from '../../kit/row-filter/row-filter-state.js';

/** The cancel of one message, shown as its request. */
export interface CancelRequest extends PendingRequest {
	messageId: string;
}

/** A cancel is a request flow: shown as its request first, sent on a yes, its outcome a notice. */
export interface MessagesState extends RequestListState<CancelRequest>, RowFilterState {
	/** The field for a message id to follow is open. */
	editing: boolean;
	/** The ids on screen: what the pane polls. */
	shown: readonly string[];
	/** An id another pane or `:messages <id>` opened the pane on, until it is followed. */
	opened?: string | undefined;
}

export type MessagesAction =
	| RequestListAction<CancelRequest>
	| RowFilterAction
	| { type: 'shown'; ids: readonly string[] }
	| { type: 'follow/open' }
	| { type: 'follow/close' }
	/** The id the pane was opened on is followed (or was refused, with a notice). */
	| { type: 'opened' }
	/** Esc: closes the innermost thing open. */
	| { type: 'back' };

export const initialMessagesState: MessagesState = {
	...initialRequestList,
	...initialRowFilter,
	editing: false,
	shown: [],
};

export function messagesReducer(state: MessagesState, action: MessagesAction): MessagesState {
	// Another filter shows other rows: the list follows the newest again.
	if (isRowFilterAction(action))
		return action.type === 'filter/set'
			? { ...rowFilterReducer(state, action), selected: undefined, detail: false }
			: action.type === 'filter/open'
				? rowFilterReducer({ ...state, editing: false }, action)
				: rowFilterReducer(state, action);
	switch (action.type) {
		case 'request/confirm':
			// The request replaces the field.
			return { ...requestListReducer(state, action), editing: false };
		case 'shown':
			return sameItems(action.ids, state.shown) ? state : { ...state, shown: [...action.ids] };
		case 'follow/open':
			return { ...state, editing: true, confirm: undefined, notice: undefined };
		case 'follow/close':
			return state.editing ? { ...state, editing: false, notice: undefined } : state;
		case 'opened':
			return state.opened === undefined ? state : { ...state, opened: undefined };
		case 'back':
			if (state.confirm) return requestListReducer(state, { type: 'request/cancel' });
			if (state.editing) return { ...state, editing: false, notice: undefined };
			if (state.filtering) return rowFilterReducer(state, { type: 'filter/close' });
			if (!state.detail) return clearedFilter(state) ?? state;
			return requestListReducer(state, { type: 'detail/close' });
		default:
			return requestListReducer(state, action);
	}
}

/** Leaving the pane closes the detail, the field, the request shown and the notice. */
export function leaveMessages(state: MessagesState): MessagesState {
	return { ...leaveRequestFlow(state), detail: false, detailScroll: 0, editing: false, filtering: false };
}

/**
 * Opened on a message id (from another pane, or `:messages <id>`): that message is selected,
 * and followed (the controller tracks `opened`) if it was not already.
 */
export function openMessages(state: MessagesState, request: { messageId?: string }): MessagesState {
	if (!request.messageId) return state;
	return { ...leaveMessages(state), selected: request.messageId, opened: request.messageId };
}
