/** Overview: the account's usage as live sparklines, today's and the month's totals, a bar per day. */
import { definePane } from '../../contract/pane.js';
import { pollRequest, usersEndpoint } from '../../data/endpoints.js';
import { overviewBindings } from './bindings.js';
import { OverviewController } from './controller.js';
import { mqStatsEndpoint } from './endpoints.js';
import {
	initialOverviewState,
	type OverviewAction,
	type OverviewState,
	overviewReducer,
} from './overview-state.js';
import { OverviewView } from './overview-view.js';

export const overviewPane = definePane<OverviewState, OverviewAction, OverviewController>({
	id: 'overview',
	title: 'Overview',
	shortTitle: 'Over',
	aliases: ['usage', 'stats'],
	numberKey: true,
	summary: "the account's usage: live series, today's and the month's totals",
	requires: ['management'],
	initial: () => initialOverviewState,
	reduce: overviewReducer,
	polls: ({ shell }) =>
		// Without an account the Overview first lists the accounts and shows the first one.
		shell.accountId
			? [pollRequest(mqStatsEndpoint, { accountId: shell.accountId, period: shell.period })]
			: [pollRequest(usersEndpoint)],
	controller: (context) => new OverviewController(context),
	bindings: overviewBindings,
	View: OverviewView,
});
