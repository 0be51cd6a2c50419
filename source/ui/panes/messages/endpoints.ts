import type { Message } from '../../../api/schemas.js';
import { defineEndpoint } from '../../data/endpoints.js';

/** One message by id: polled for each id on screen whose state can still change. */
export const messageEndpoint = defineEndpoint<Message, { messageId: string }>({
	key: 'message',
	api: 'messaging',
	label: 'message',
	concurrency: 4,
	notFoundIsAnswer: true,
	params: (p) => p.messageId,
	fetch: (client, p, signal) => client.getMessage(p.messageId, signal),
});
