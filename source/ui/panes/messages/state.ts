/** What the Messages pane keeps besides the messages themselves. */
import {
	initialTailList,
	type TailListAction,
	type TailListState,
	tailListReducer,
} from '../../kit/tail-list/state.js';

export interface MessagesNotice {
	text: string;
	tone: 'info' | 'ok' | 'error';
}

export interface MessagesState extends TailListState {
	/** The field for a message id to follow is open. */
	editing: boolean;
	/** The message a cancel is asked for. */
	confirm: string | undefined;
	notice: MessagesNotice | undefined;
	/** The ids on screen: what the pane polls. */
	shown: readonly string[];
}

export type MessagesAction =
	| TailListAction
	| { type: 'shown'; ids: readonly string[] }
	| { type: 'follow/open' }
	| { type: 'follow/close' }
	| { type: 'confirm/ask'; messageId: string }
	| { type: 'confirm/close' }
	| { type: 'notice'; notice: MessagesNotice | undefined }
	/** Esc: closes the innermost thing open. */
	| { type: 'back' };

export const initialMessagesState: MessagesState = {
	...initialTailList,
	editing: false,
	confirm: undefined,
	notice: undefined,
	shown: [],
};

export function messagesReducer(state: MessagesState, action: MessagesAction): MessagesState {
	switch (action.type) {
		case 'shown':
			return action.ids.length === state.shown.length && action.ids.every((id, i) => id === state.shown[i])
				? state
				: { ...state, shown: [...action.ids] };
		case 'follow/open':
			return { ...state, editing: true, confirm: undefined, notice: undefined };
		case 'follow/close':
			return state.editing ? { ...state, editing: false, notice: undefined } : state;
		case 'confirm/ask':
			return { ...state, confirm: action.messageId, notice: undefined };
		case 'confirm/close':
			return state.confirm ? { ...state, confirm: undefined } : state;
		case 'notice':
			return { ...state, notice: action.notice };
		case 'back':
			if (state.confirm) return { ...state, confirm: undefined };
			if (state.editing) return { ...state, editing: false, notice: undefined };
			return tailListReducer(state, { type: 'detail/close' });
		default:
			return tailListReducer(state, action);
	}
}

/** Leaving the pane closes the detail, the field, the question and the notice. */
export function leaveMessages(state: MessagesState): MessagesState {
	return { ...state, detail: false, detailScroll: 0, editing: false, confirm: undefined, notice: undefined };
}

/** Opened from another pane with a message id: that message is selected (the opener followed it). */
export function openMessages(state: MessagesState, request: { messageId?: string }): MessagesState {
	if (!request.messageId) return state;
	return { ...leaveMessages(state), selected: request.messageId };
}
