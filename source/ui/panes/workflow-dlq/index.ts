/**
 * Failed runs: the workflow DLQ (the dead letters of failed workflow runs), filtered by the
 * service; resume a run from its failed step, restart it, delete it, or call its failure
 * callback again. Reached from the Workflows view.
 */
import { definePane } from '../../contract/pane.js';
import { pageRequest } from '../../kit/filtered-list/controller.js';
import { workflowDlqBindings } from './bindings.js';
import { WorkflowDlqController } from './controller.js';
import { workflowDlqPageEndpoint } from './endpoints.js';
import { workflowDlqModel } from './workflow-dlq-state.js';
import { WorkflowDlqView } from './workflow-dlq-view.js';

export const workflowDlqPane = definePane({
	names: { id: 'failedRuns', title: 'Failed runs', shortTitle: 'Failed', aliases: ['failed-runs', 'rundlq'] },
	summary:
		'failed workflow runs (the workflow DLQ): resume from the failed step, restart, delete, failure callback again',
	model: workflowDlqModel,
	Controller: WorkflowDlqController,
	polls: ({ state }) => [pageRequest(workflowDlqPageEndpoint, state)],
	bindings: workflowDlqBindings,
	View: WorkflowDlqView,
});
