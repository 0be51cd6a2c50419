/** Logs: the service's delivery logs, filtered by it, followed as they come; an entry leads to its message. */
import { definePane } from '../../contract/pane.js';
import { entryOf } from '../../data/poll-store.js';
import { pageParams, pageRequest } from '../../kit/filtered-list/controller.js';
import { logsBindings } from './bindings.js';
import { LogsController } from './controller.js';
import { logPageEndpoint } from './endpoints.js';
import { isFollowing, logsModel } from './logs-state.js';
import { LogsView } from './logs-view.js';

export const logsPane = definePane({
	names: { id: 'logs', title: 'Logs', shortTitle: 'Logs', aliases: ['log', 'deliveries'] },
	summary: 'the delivery logs, filtered by the service and followed as they come',
	model: logsModel,
	Controller: LogsController,
	// While following, the newest page is polled; otherwise the page shown stays still once read.
	polls({ state, polls }) {
		const read =
			entryOf(polls, logPageEndpoint)?.dataParams ===
			pageParams({ filter: state.query, cursor: state.cursor });
		return isFollowing(state) || !read ? [pageRequest(logPageEndpoint, state)] : [];
	},
	statusEndpoints: () => [logPageEndpoint],
	bindings: logsBindings,
	View: LogsView,
});
