import type { Liberal } from '../../../api/liberal.js';
import type { Queue as QueueSchema } from '../../../api/messaging-schemas.js';
import { defineEndpoint } from '../../data/endpoints.js';

/** A queue as read: its `name`, and whatever else the service sent. */
export type Queue = Liberal<typeof QueueSchema>;

/** Every queue of the account, with its lag. */
export const queuesEndpoint = defineEndpoint<Queue[]>({
	key: 'queues',
	api: 'messaging',
	label: 'queues',
	params: () => '',
	fetch: (client, _params, signal) => client.queues.list(signal),
});
