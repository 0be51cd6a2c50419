/** Messages: every message mqtop learns of, newest first, with its state, polled while on screen. */
import { definePane } from '../../contract/pane.js';
import { logsEndpoint, pollRequest } from '../../data/endpoints.js';
import { entryOf, keyedEntry } from '../../data/poll-store.js';
import { tailing } from '../../kit/tail-list/bindings.js';
import { MessagesController } from './controller.js';
import { messageEndpoint } from './endpoints.js';
import { deriveMessageState } from './message-state.js';
import { messageFacts } from './model.js';
import {
	initialMessagesState,
	leaveMessages,
	type MessagesAction,
	type MessagesState,
	messagesReducer,
	openMessages,
} from './state.js';
import { MessagesView } from './view.js';

export const messagesPane = definePane<MessagesState, MessagesAction, MessagesController>({
	id: 'messages',
	title: 'Messages',
	shortTitle: 'Msgs',
	aliases: ['msgs', 'msg'],
	numberKey: true,
	summary: 'every message mqtop learns of, with its delivery state',
	requires: ['messaging'],
	initial: () => initialMessagesState,
	reduce: messagesReducer,
	leave: leaveMessages,
	open: openMessages,
	controller: (context) => new MessagesController(context),
	// The delivery logs until the service says it has none, and the ids shown whose state can still change.
	polls({ state, polls, tracked, now }) {
		const logs = entryOf(polls, logsEndpoint)?.data;
		const byId = new Map(tracked.messages.map((m) => [m.id, m]));
		const live = state.shown.filter((id) => {
			const message = byId.get(id);
			if (!message) return false;
			return !deriveMessageState(messageFacts(message, keyedEntry(polls, messageEndpoint, id)), now).final;
		});
		return [
			...(logs?.listed === false ? [] : [pollRequest(logsEndpoint)]),
			...live.map((messageId) => pollRequest(messageEndpoint, { messageId })),
		];
	},
	statusEndpoints: () => [logsEndpoint, messageEndpoint],
	bindings: [
		...tailing('messages', 'message'),
		{
			command: 'message.follow',
			scope: 'messages',
			keys: ['i'],
			description: 'type a message id to follow',
			hint: { label: 'follow id' },
		},
		{
			command: 'message.cancel',
			scope: 'messages',
			keys: ['c'],
			description: 'cancel the selected message (asks first; not in read-only mode)',
			edit: true,
			hint: { label: 'cancel msg' },
		},
	],
	focus: (state) => (state.editing ? 'input' : state.confirm ? 'confirm' : undefined),
	View: MessagesView,
});
