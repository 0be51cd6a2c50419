/** Logs: the service's delivery logs, filtered by it, followed as they come; an entry leads to its message. */
import { definePane } from '../../contract/pane.js';
import { pollRequest } from '../../data/endpoints.js';
import { entryOf } from '../../data/poll-store.js';
import { pageParams } from '../../kit/filtered-list/controller.js';
import { logsBindings } from './bindings.js';
import { LogsController } from './controller.js';
import { logPageEndpoint } from './endpoints.js';
import {
	initialLogsState,
	isFollowing,
	type LogsAction,
	type LogsState,
	leaveLogs,
	logsReducer,
	logsScope,
	openLogs,
} from './logs-state.js';
import { LogsView } from './logs-view.js';

export const logsPane = definePane<LogsState, LogsAction, LogsController>({
	id: 'logs',
	title: 'Logs',
	shortTitle: 'Logs',
	aliases: ['log', 'deliveries'],
	numberKey: false,
	summary: 'the delivery logs, filtered by the service and followed as they come',
	initial: () => initialLogsState,
	reduce: logsReducer,
	leave: leaveLogs,
	open: openLogs,
	controller: (context) => new LogsController(context),
	// While following, the newest page is polled; otherwise the page shown stays still once read.
	polls({ state, polls }) {
		const query = { filter: state.query, cursor: state.cursor };
		const read = entryOf(polls, logPageEndpoint)?.dataParams === pageParams(query);
		return isFollowing(state) || !read ? [pollRequest(logPageEndpoint, query)] : [];
	},
	statusEndpoints: () => [logPageEndpoint],
	bindings: logsBindings,
	showsDetail: (state) => state.detail,
	focus: logsScope,
	View: LogsView,
});
