import { dlqPageLimit } from '../../../api/dlq-api.js';
import type { DlqFilter } from '../../../api/filters.js';
import type { Liberal } from '../../../api/liberal.js';
import type { DlqPage, DlqRecord } from '../../../api/schemas.js';
import { pageEndpoint } from '../../kit/filtered-list/controller.js';

/** A dead letter as read: its `messageId`, and whatever else the service sent. */
export type DeadLetter = Liberal<typeof DlqRecord>;
export type DeadLetterPage = Liberal<typeof DlqPage>;

/** One page of the dead letter queue, filtered by the service. */
export const dlqPageEndpoint = pageEndpoint<DeadLetterPage, DlqFilter>({
	key: 'dlqPage',
	label: 'dead letters',
	count: dlqPageLimit,
	list: (client, query, signal) => client.dlq.list(query, signal),
});
