/**
 * The panes of the monitor, in tab order: the tabs get the number keys 1-9 in this order, the
 * others are reached by name (`:`) or from another pane. Adding a pane is its folder under
 * panes/ and one line here.
 */
import { type AnyPane, withNumberKey } from './contract/pane.js';
import { accountsPane } from './panes/accounts/index.js';
import { callbacksPane } from './panes/callbacks/index.js';
import { dlqPane } from './panes/dlq/index.js';
import { flowPane } from './panes/flow/index.js';
import { groupsPane } from './panes/groups/index.js';
import { logsPane } from './panes/logs/index.js';
import { messagesPane } from './panes/messages/index.js';
import { overviewPane } from './panes/overview/index.js';
import { publishPane } from './panes/publish/index.js';
import { queuesPane } from './panes/queues/index.js';
import { schedulesPane } from './panes/schedules/index.js';
import { searchPane } from './panes/search/index.js';
import { vectorPane } from './panes/vector/index.js';
import { workflowDlqPane } from './panes/workflow-dlq/index.js';
import { workflowsPane } from './panes/workflows/index.js';

const tabs: readonly AnyPane[] = [
	overviewPane,
	accountsPane,
	vectorPane,
	searchPane,
	messagesPane,
	callbacksPane,
	groupsPane,
	publishPane,
	workflowsPane,
];

export const panes: readonly AnyPane[] = [
	...tabs.map(withNumberKey),
	workflowDlqPane,
	dlqPane,
	logsPane,
	schedulesPane,
	queuesPane,
	flowPane,
];
