/**
 * Failed runs: the workflow DLQ (the dead letters of failed workflow runs), filtered by the
 * service; resume a run from its failed step, restart it, delete it, or call its failure
 * callback again. Reached from the Workflows view.
 */
import { definePane } from '../../contract/pane.js';
import { pollRequest } from '../../data/endpoints.js';
import { workflowDlqBindings } from './bindings.js';
import { WorkflowDlqController } from './controller.js';
import { workflowDlqPageEndpoint } from './endpoints.js';
import {
	initialWorkflowDlqState,
	leaveWorkflowDlq,
	type WorkflowDlqAction,
	type WorkflowDlqState,
	workflowDlqReducer,
	workflowDlqScope,
} from './workflow-dlq-state.js';
import { WorkflowDlqView } from './workflow-dlq-view.js';

export const workflowDlqPane = definePane<WorkflowDlqState, WorkflowDlqAction, WorkflowDlqController>({
	id: 'failedRuns',
	title: 'Failed runs',
	shortTitle: 'Failed',
	aliases: ['failed-runs', 'rundlq'],
	numberKey: false,
	summary:
		'failed workflow runs (the workflow DLQ): resume from the failed step, restart, delete, failure callback again',
	initial: () => initialWorkflowDlqState,
	reduce: workflowDlqReducer,
	leave: leaveWorkflowDlq,
	controller: (context) => new WorkflowDlqController(context),
	polls: ({ state }) => [pollRequest(workflowDlqPageEndpoint, { filter: state.query, cursor: state.cursor })],
	bindings: workflowDlqBindings,
	showsDetail: (state) => state.detail,
	focus: workflowDlqScope,
	View: WorkflowDlqView,
});
