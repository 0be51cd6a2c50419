import type { LogFilter } from '../../../api/filters.js';
import { type LogPage, logsPageLimit } from '../../../api/logs-api.js';
import { pageEndpoint } from '../../kit/filtered-list/controller.js';

/** One page of the delivery logs, newest first, filtered by the service. */
export const logPageEndpoint = pageEndpoint<LogPage, LogFilter>({
	key: 'logPage',
	label: 'delivery logs',
	count: logsPageLimit,
	list: (client, query, signal) => client.logs.list(query, signal),
});
