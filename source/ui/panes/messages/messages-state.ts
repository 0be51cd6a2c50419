/** What the Messages pane keeps besides the messages themselves. */
import { sameItems } from '../../data/same-items.js';
import * as listPane from '../../kit/list-pane/list-pane-state.js';
import type { PendingRequest } from '../../kit/request-flow/request-flow-state.js';

/** The cancel of one message, shown as its request. */
export interface CancelRequest extends PendingRequest {
	messageId: string;
}

/** A cancel is a request flow: shown as its request first, sent on a yes, its outcome a notice. */
export interface MessagesState extends listPane.ListPaneState<CancelRequest> {
	/** The field for a message id to follow is open. */
	editing: boolean;
	/** The ids on screen: what the pane polls. */
	shown: readonly string[];
	/** An id another pane or `:messages <id>` opened the pane on, until it is followed. */
	opened?: string | undefined;
}

export type MessagesAction =
	/** Esc (`back`): closes the innermost thing open. */
	| listPane.ListPaneAction<CancelRequest>
	| { type: 'shown'; ids: readonly string[] }
	| { type: 'follow/open' }
	| { type: 'follow/close' }
	/** The id the pane was opened on is followed (or was refused, with a notice). */
	| { type: 'opened' };

export const initialMessagesState: MessagesState = {
	...listPane.initialListPane,
	editing: false,
	shown: [],
};

export function messagesReducer(state: MessagesState, action: MessagesAction): MessagesState {
	switch (action.type) {
		// The request, or the filter's field, replaces the follow field.
		case 'request/confirm':
			return { ...listPane.listPaneReducer(state, action), editing: false };
		case 'filter/open':
			return listPane.listPaneReducer({ ...state, editing: false }, action);
		// Another filter shows other rows: the list follows the newest again.
		case 'filter/set':
			return listPane.listPaneReducer(state, action, listPane.followNewest);
		case 'shown':
			return sameItems(action.ids, state.shown) ? state : { ...state, shown: [...action.ids] };
		case 'follow/open':
			return { ...state, editing: true, confirm: undefined, notice: undefined };
		case 'follow/close':
			return state.editing ? { ...state, editing: false, notice: undefined } : state;
		case 'opened':
			return state.opened === undefined ? state : { ...state, opened: undefined };
		case 'back':
			if (state.confirm) return listPane.listPaneReducer(state, { type: 'request/cancel' });
			if (state.editing) return { ...state, editing: false, notice: undefined };
			if (state.filtering) return listPane.listPaneReducer(state, { type: 'filter/close' });
			return listPane.listPaneReducer(state, state.detail ? { type: 'detail/close' } : action);
		default:
			return listPane.listPaneReducer(state, action);
	}
}

/** Leaving the pane closes the detail, the field, the request shown and the notice. */
export function leaveMessages(state: MessagesState): MessagesState {
	return { ...listPane.leaveListPane(state), detail: false, detailScroll: 0, editing: false };
}

/**
 * Opened on a message id (from another pane, or `:messages <id>`): that message is selected,
 * and followed (the controller tracks `opened`) if it was not already.
 */
export function openMessages(state: MessagesState, request: { messageId?: string }): MessagesState {
	if (!request.messageId) return state;
	return { ...leaveMessages(state), selected: request.messageId, opened: request.messageId };
}
