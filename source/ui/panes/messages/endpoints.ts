import type { Liberal } from '../../../api/liberal.js';
import type { Message } from '../../../api/schemas.js';
import { defineEndpoint } from '../../data/endpoints.js';

/** A message as read: its `messageId`, and whatever else the service sent. */
export type MessageReading = Liberal<typeof Message>;

/** One message by id: polled for each id on screen whose state can still change. */
export const messageEndpoint = defineEndpoint<MessageReading, { messageId: string }>({
	key: 'message',
	api: 'messaging',
	label: 'message',
	concurrency: 4,
	notFoundIsAnswer: true,
	params: (p) => p.messageId,
	fetch: (client, p, signal) => client.messages.read(p.messageId, signal),
});
