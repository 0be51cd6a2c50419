import type { Liberal } from '../../../api/liberal.js';
import { logsPageLimit } from '../../../api/logs-api.js';
import type { DlqRecord, Message } from '../../../api/schemas.js';
import { type DeliveryLog, defineEndpoint, type Endpoint } from '../../data/endpoints.js';

/** A message as read: its `messageId`, and whatever else the service sent. */
export type MessageReading = Liberal<typeof Message>;

/** A dead letter as read: the message with its `dlqId` and the destination's last answer. */
export type DeadLetterReading = Liberal<typeof DlqRecord>;

type ByMessage = { messageId: string };

/** An endpoint of the messaging API asked once for each message id, each answer kept apart. */
function perMessage<T>(
	endpoint: Omit<Endpoint<T, ByMessage>, 'api' | 'params'> & { concurrency: number },
): Endpoint<T, ByMessage> {
	return defineEndpoint({ ...endpoint, api: 'messaging', params: (p) => p.messageId });
}

/** One message by id: polled for each id on screen whose state can still change. */
export const messageEndpoint = perMessage<MessageReading>({
	key: 'message',
	label: 'message',
	concurrency: 4,
	notFoundIsAnswer: true,
	fetch: (client, p, signal) => client.messages.read(p.messageId, signal),
});

/**
 * The delivery logs of one message (the call `mqtop logs --message-id` makes), newest first:
 * for a message the service no longer returns, and for the one whose detail is open, whose
 * entries may be older than the newest page the pane polls.
 */
export const messageLogsEndpoint = perMessage<DeliveryLog[]>({
	key: 'messageLogs',
	label: 'delivery logs of a message',
	concurrency: 2,
	async fetch(client, p, signal) {
		const { data, issues } = await client.logs.list(
			{ filter: { messageId: p.messageId }, count: logsPageLimit },
			signal,
		);
		return { data: data.logs, issues };
	},
});

/**
 * The dead letter of one message, if the dead letter queue holds it (`record` absent when not):
 * asked once for a message the service no longer returns, which is where a failed one is.
 */
export const messageDlqEndpoint = perMessage<{ record?: DeadLetterReading }>({
	key: 'messageDlq',
	label: 'dead letter of a message',
	concurrency: 2,
	async fetch(client, p, signal) {
		const { data, issues } = await client.dlq.list({ filter: { messageId: p.messageId }, count: 1 }, signal);
		const record = data.messages.find((m) => m.messageId === p.messageId);
		return { data: record ? { record } : {}, issues };
	},
});
