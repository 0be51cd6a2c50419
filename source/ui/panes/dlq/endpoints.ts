import { type DeadLetterPage, dlqPageLimit } from '../../../api/dlq-api.js';
import type { DlqFilter } from '../../../api/filters.js';
import { pageEndpoint } from '../../kit/filtered-list/controller.js';

/** One page of the dead letter queue, filtered by the service. */
export const dlqPageEndpoint = pageEndpoint<DeadLetterPage, DlqFilter>({
	key: 'dlqPage',
	label: 'dead letters',
	count: dlqPageLimit,
	list: (client, query, signal) => client.dlq.list(query, signal),
});
