import { dlqPageLimit } from '../../../api/dlq-api.js';
import type { DlqFilter } from '../../../api/filters.js';
import type { Liberal } from '../../../api/liberal.js';
import type { DlqPage, DlqRecord } from '../../../api/schemas.js';
import { defineEndpoint } from '../../data/endpoints.js';
import { type PageQuery, pageParams } from '../../kit/filtered-list/controller.js';

/** A dead letter as read: its `messageId`, and whatever else the service sent. */
export type DeadLetter = Liberal<typeof DlqRecord>;
export type DeadLetterPage = Liberal<typeof DlqPage>;

/** One page of the dead letter queue, filtered by the service. */
export const dlqPageEndpoint = defineEndpoint<DeadLetterPage, PageQuery<DlqFilter>>({
	key: 'dlqPage',
	api: 'messaging',
	label: 'dead letters',
	params: pageParams,
	fetch(client, { filter, cursor }, signal) {
		return client.dlq.list({ filter, count: dlqPageLimit, ...(cursor ? { cursor } : {}) }, signal);
	},
});
