/** Messages: every message mqtop learns of, newest first, with its state, polled while on screen. */
import { definePane, type PollView } from '../../contract/pane.js';
import { logsEndpoint, type PollRequest, pollRequest, queuesEndpoint } from '../../data/endpoints.js';
import { entryOf, keyedEntry } from '../../data/poll-store.js';
import { messagesBindings } from './bindings.js';
import { MessagesController } from './controller.js';
import { messageEndpoint } from './endpoints.js';
import { deriveMessageState } from './message-state.js';
import { messageFacts } from './messages-model.js';
import {
	initialMessagesState,
	leaveMessages,
	type MessagesAction,
	type MessagesState,
	messagesReducer,
	openMessages,
} from './messages-state.js';
import { MessagesView } from './messages-view.js';

/**
 * The delivery logs until the service says it has none, the ids shown whose state can still
 * change, and the queues while one of them is in a queue (it waits while the queue is paused).
 */
function messagesPolls({ state, polls, tracked, now }: PollView<MessagesState>): PollRequest[] {
	const logs = entryOf(polls, logsEndpoint)?.data;
	const queues = entryOf(polls, queuesEndpoint)?.data;
	const byId = new Map(tracked.messages.map((m) => [m.id, m]));
	const live = state.shown.filter((id) => {
		const message = byId.get(id);
		if (!message) return false;
		return !deriveMessageState(messageFacts(message, keyedEntry(polls, messageEndpoint, id), queues), now)
			.final;
	});
	const queued = live.some((id) => keyedEntry(polls, messageEndpoint, id)?.data?.queueName !== undefined);
	return [
		...(logs?.listed === false ? [] : [pollRequest(logsEndpoint)]),
		...live.map((messageId) => pollRequest(messageEndpoint, { messageId })),
		...(queued ? [pollRequest(queuesEndpoint)] : []),
	];
}

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
	polls: messagesPolls,
	// The message endpoint even while no id is shown; the queues while they are polled.
	statusEndpoints: (view) => [
		logsEndpoint,
		messageEndpoint,
		...(messagesPolls(view).some((r) => r.endpoint === queuesEndpoint) ? [queuesEndpoint] : []),
	],
	bindings: messagesBindings,
	focus: (state) => (state.editing || state.filtering ? 'input' : state.confirm ? 'confirm' : undefined),
	View: MessagesView,
});
