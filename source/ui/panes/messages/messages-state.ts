/** What the Messages pane keeps besides the messages themselves. */
import {
	idleRequestFlow,
	isRequestFlowAction,
	leaveRequestFlow,
	type PendingRequest,
	type RequestFlow,
	type RequestFlowAction,
	requestFlowReducer,
} from '../../kit/request-flow/request-flow-state.js';
import {
	initialTailList,
	type TailListAction,
	type TailListState,
	tailListReducer,
} from '../../kit/tail-list/tail-list-state.js';

/** The cancel of one message, shown as its request. */
export interface CancelRequest extends PendingRequest {
	messageId: string;
}

/** A cancel is a request flow: shown as its request first, sent on a yes, its outcome a notice. */
export interface MessagesState extends TailListState, RequestFlow<CancelRequest> {
	/** The field for a message id to follow is open. */
	editing: boolean;
	/** The ids on screen: what the pane polls. */
	shown: readonly string[];
}

export type MessagesAction =
	| TailListAction
	| RequestFlowAction<CancelRequest>
	| { type: 'shown'; ids: readonly string[] }
	| { type: 'follow/open' }
	| { type: 'follow/close' }
	/** Esc: closes the innermost thing open. */
	| { type: 'back' };

export const initialMessagesState: MessagesState = {
	...initialTailList,
	...idleRequestFlow,
	editing: false,
	shown: [],
};

export function messagesReducer(state: MessagesState, action: MessagesAction): MessagesState {
	if (isRequestFlowAction<CancelRequest>(action)) {
		const next = requestFlowReducer(state, action);
		// The request replaces the field.
		return action.type === 'request/confirm' ? { ...next, editing: false } : next;
	}
	switch (action.type) {
		case 'shown':
			return action.ids.length === state.shown.length && action.ids.every((id, i) => id === state.shown[i])
				? state
				: { ...state, shown: [...action.ids] };
		case 'follow/open':
			return { ...state, editing: true, confirm: undefined, notice: undefined };
		case 'follow/close':
			return state.editing ? { ...state, editing: false, notice: undefined } : state;
		case 'back':
			if (state.confirm) return requestFlowReducer(state, { type: 'request/cancel' });
			if (state.editing) return { ...state, editing: false, notice: undefined };
			return tailListReducer(state, { type: 'detail/close' });
		default:
			return tailListReducer(state, action);
	}
}

/** Leaving the pane closes the detail, the field, the request shown and the notice. */
export function leaveMessages(state: MessagesState): MessagesState {
	return { ...leaveRequestFlow(state), detail: false, detailScroll: 0, editing: false };
}

/** Opened from another pane with a message id: that message is selected (the opener followed it). */
export function openMessages(state: MessagesState, request: { messageId?: string }): MessagesState {
	if (!request.messageId) return state;
	return { ...leaveMessages(state), selected: request.messageId };
}
