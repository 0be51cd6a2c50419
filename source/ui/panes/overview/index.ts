/** Overview: the account's usage as live sparklines, today's and the month's totals, a bar per day. */
import { definePane } from '../../contract/pane.js';
import { pollRequest, usersEndpoint } from '../../data/endpoints.js';
import { overviewBindings } from './bindings.js';
import { OverviewController } from './controller.js';
import { mqStatsEndpoint } from './endpoints.js';
import { initialOverviewState, overviewReducer } from './overview-state.js';
import { OverviewView } from './overview-view.js';

export const overviewPane = definePane({
	names: { id: 'overview', title: 'Overview', shortTitle: 'Over', aliases: ['usage', 'stats'] },
	summary: "the account's usage: live series, today's and the month's totals",
	requires: ['management'],
	model: { initial: initialOverviewState, reduce: overviewReducer },
	Controller: OverviewController,
	polls: ({ shell }) =>
		// Without an account the Overview first lists the accounts and shows the first one.
		shell.accountId
			? [pollRequest(mqStatsEndpoint, { accountId: shell.accountId, period: shell.period })]
			: [pollRequest(usersEndpoint)],
	bindings: overviewBindings,
	View: OverviewView,
});
