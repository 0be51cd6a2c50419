import type { LogFilter } from '../../../api/filters.js';
import type { Liberal } from '../../../api/liberal.js';
import { logsPageLimit } from '../../../api/logs-api.js';
import type { LogEntry, LogsPage } from '../../../api/messaging-schemas.js';
import { pageEndpoint } from '../../kit/filtered-list/controller.js';

/** A log entry as read: its `messageId`, and whatever else the service sent. */
export type LogLine = Liberal<typeof LogEntry>;
export type LogPage = Liberal<typeof LogsPage>;

/** One page of the delivery logs, newest first, filtered by the service. */
export const logPageEndpoint = pageEndpoint<LogPage, LogFilter>({
	key: 'logPage',
	label: 'delivery logs',
	count: logsPageLimit,
	list: (client, query, signal) => client.logs.list(query, signal),
});
