/** Messages: every message mqtop learns of, newest first, with its state, polled while on screen. */
import { definePane, type PollView } from '../../contract/pane.js';
import {
	type Endpoint,
	logsEndpoint,
	type PollRequest,
	pollRequest,
	queuesEndpoint,
} from '../../data/endpoints.js';
import { entryOf, keyedEntry } from '../../data/poll-store.js';
import { messagesBindings } from './bindings.js';
import { MessagesController } from './controller.js';
import { messageDlqEndpoint, messageEndpoint, messageLogsEndpoint } from './endpoints.js';
import { loggedEnd } from './known-message.js';
import { deriveMessageState } from './message-state.js';
import { messageFacts } from './messages-model.js';
import {
	initialMessagesState,
	leaveMessages,
	type MessagesState,
	messagesReducer,
	openMessages,
} from './messages-state.js';
import { MessagesView } from './messages-view.js';

/**
 * The delivery logs until the service says it has none, the ids shown whose state can still
 * change, and the queues while one of them is in a queue (it waits while the queue is paused).
 * A message the service no longer returns (404) is looked for once in the dead letter queue,
 * and its own delivery logs are read once when the newest page did not say how it ended; the
 * logs of the message whose detail is open are read until it has ended.
 */
function messagesPolls({ state, polls, tracked, now }: PollView<MessagesState>): PollRequest[] {
	const logs = entryOf(polls, logsEndpoint)?.data;
	const queues = entryOf(polls, queuesEndpoint)?.data;
	const byId = new Map(tracked.messages.map((m) => [m.id, m]));
	const final = (id: string) => {
		const message = byId.get(id);
		if (!message) return true;
		const dead = keyedEntry(polls, messageDlqEndpoint, id)?.data?.record;
		return deriveMessageState(
			messageFacts(message, keyedEntry(polls, messageEndpoint, id), queues, dead),
			now,
		).final;
	};
	const live = state.shown.filter((id) => byId.has(id) && !final(id));
	const queued = live.some((id) => keyedEntry(polls, messageEndpoint, id)?.data?.queueName !== undefined);
	const gone = state.shown.filter((id) => keyedEntry(polls, messageEndpoint, id)?.failure?.status === 404);
	const unread = <T, P>(endpoint: Endpoint<T, P>, id: string) =>
		keyedEntry(polls, endpoint, id)?.data === undefined;
	const ended = (id: string) => loggedEnd(byId.get(id)?.events ?? []);
	// A message logged as failed, or gone with no end logged, may be a dead letter.
	const deadLetters = state.shown.filter((id) => {
		if (!byId.has(id) || byId.get(id)!.dlqId || !unread(messageDlqEndpoint, id)) return false;
		const end = ended(id);
		return end === 'failed' || (end === undefined && gone.includes(id));
	});
	const listed = logs?.listed !== false;
	const logged = new Set(listed ? gone.filter((id) => !ended(id) && unread(messageLogsEndpoint, id)) : []);
	const open = state.detail ? state.selected : undefined;
	if (listed && open !== undefined && byId.has(open) && (!final(open) || unread(messageLogsEndpoint, open)))
		logged.add(open);
	return [
		...(listed ? [pollRequest(logsEndpoint)] : []),
		...live.map((messageId) => pollRequest(messageEndpoint, { messageId })),
		...(queued ? [pollRequest(queuesEndpoint)] : []),
		...deadLetters.map((messageId) => pollRequest(messageDlqEndpoint, { messageId })),
		...[...logged].map((messageId) => pollRequest(messageLogsEndpoint, { messageId })),
	];
}

export const messagesPane = definePane({
	names: { id: 'messages', title: 'Messages', shortTitle: 'Msgs', aliases: ['msgs', 'msg'] },
	summary: 'every message mqtop learns of, with its delivery state',
	requires: ['messaging'],
	model: {
		initial: initialMessagesState,
		reduce: messagesReducer,
		leave: leaveMessages,
		open: openMessages,
		showsDetail: (state) => state.detail,
		focus: (state) => (state.editing || state.filtering ? 'input' : state.confirm ? 'confirm' : undefined),
	},
	Controller: MessagesController,
	polls: messagesPolls,
	// The message endpoint even while no id is shown; the others while they are polled.
	statusEndpoints: (view) => {
		const polled = new Set(messagesPolls(view).map((r) => r.endpoint));
		return [
			logsEndpoint,
			messageEndpoint,
			...[queuesEndpoint, messageDlqEndpoint, messageLogsEndpoint].filter((e) => polled.has(e)),
		];
	},
	bindings: messagesBindings,
	View: MessagesView,
});
