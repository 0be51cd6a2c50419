import type { LogFilter } from '../../../api/filters.js';
import type { Liberal } from '../../../api/liberal.js';
import { logsPageLimit } from '../../../api/logs-api.js';
import type { LogEntry, LogsPage } from '../../../api/messaging-schemas.js';
import { defineEndpoint } from '../../data/endpoints.js';
import { type PageQuery, pageParams } from '../../kit/filtered-list/controller.js';

/** A log entry as read: its `messageId`, and whatever else the service sent. */
export type LogLine = Liberal<typeof LogEntry>;
export type LogPage = Liberal<typeof LogsPage>;

/** One page of the delivery logs, newest first, filtered by the service. */
export const logPageEndpoint = defineEndpoint<LogPage, PageQuery<LogFilter>>({
	key: 'logPage',
	api: 'messaging',
	label: 'delivery logs',
	params: pageParams,
	fetch(client, { filter, cursor }, signal) {
		return client.logs.list({ filter, count: logsPageLimit, ...(cursor ? { cursor } : {}) }, signal);
	},
});
