/** Workflows: the runs of workflows newest first, followed live, with their steps; a running run is cancelled here. */
import { definePane } from '../../contract/pane.js';
import { pollRequest } from '../../data/endpoints.js';
import { workflowsBindings } from './bindings.js';
import { WorkflowsController } from './controller.js';
import { runEndpoint, runsEndpoint } from './endpoints.js';
import { initialWorkflowsState, leaveWorkflows, workflowsReducer } from './workflows-state.js';
import { WorkflowsView } from './workflows-view.js';

/** Runs polled: what the list shows, within what a few pages of the logs bring. */
const minRuns = 10;
const maxRuns = 50;

export const workflowsPane = definePane({
	// Not `flows`: one slip from Flow control's `flow`.
	names: { id: 'workflows', title: 'Workflows', shortTitle: 'Runs', aliases: ['wf', 'workflow'] },
	summary:
		'workflow runs, newest first: state, steps, what each does now; on Enter, its steps on a time line (waiting, running, failed attempts)',
	model: {
		initial: initialWorkflowsState,
		reduce: workflowsReducer,
		leave: leaveWorkflows,
		showsDetail: (state) => state.detail,
		focus: (state) => (state.filtering ? 'input' : state.confirm ? 'confirm' : undefined),
	},
	Controller: WorkflowsController,
	polls: ({ state }) => [
		pollRequest(runsEndpoint, { count: Math.min(maxRuns, Math.max(minRuns, state.room)) }),
		// The open run, even once newer runs push it off the list.
		...(state.detail && state.selected ? [pollRequest(runEndpoint, { runId: state.selected })] : []),
	],
	statusEndpoints: () => [runsEndpoint, runEndpoint],
	bindings: workflowsBindings,
	View: WorkflowsView,
});
