/**
 * What the Workflows pane keeps: the list's selection, filter and detail, the room it has, a
 * cancel asked for; in an open run, the step selected on its time line and whether it is open.
 */
import * as listPane from '../../kit/list-pane/list-pane-state.js';

/** A cancel is a request flow: shown as its request first, sent on a yes, its outcome a notice. */
export interface WorkflowsState extends listPane.ListPaneState {
	/** Rows the list shows: how many runs it polls. */
	room: number;
	/** The step selected on the open run's time line, by its place there. */
	step: number;
	/** That step's detail is open (scrolled by detailScroll). */
	stepOpen: boolean;
}

export type WorkflowsAction =
	/** Esc (`back`): closes the innermost thing open. */
	| listPane.ListPaneAction
	| { type: 'room'; rows: number }
	/** Moves the selection on the time line by `delta` within its `count` steps. */
	| { type: 'step/move'; delta: number; count: number }
	| { type: 'step/open' };

export const initialWorkflowsState: WorkflowsState = {
	...listPane.initialListPane,
	room: 20,
	step: 0,
	stepOpen: false,
};

export function workflowsReducer(state: WorkflowsState, action: WorkflowsAction): WorkflowsState {
	switch (action.type) {
		case 'room':
			return action.rows === state.room ? state : { ...state, room: action.rows };
		case 'step/move': {
			const step = Math.min(Math.max(0, action.count - 1), Math.max(0, state.step + action.delta));
			return step === state.step ? state : { ...state, step };
		}
		case 'step/open':
			return state.detail ? { ...state, stepOpen: true, detailScroll: 0 } : state;
		case 'detail/open':
			return { ...listPane.listPaneReducer(state, action), step: 0, stepOpen: false };
		case 'back':
			if (state.filtering) return listPane.listPaneReducer(state, { type: 'filter/close' });
			if (state.stepOpen && !state.confirm) return { ...state, stepOpen: false, detailScroll: 0 };
			if (state.confirm || state.detail)
				return listPane.listPaneReducer(state, { type: state.confirm ? 'request/cancel' : 'detail/close' });
			// Nothing open: the filter and order cleared, the list follows the newest again.
			return listPane.listPaneReducer(state, action, listPane.followNewest);
		default:
			// Another filter shows other rows: the list follows the newest again.
			return listPane.listPaneReducer(state, action, listPane.followNewest);
	}
}

/** Leaving the pane closes the detail (and the step open in it), the request shown and the notice. */
export function leaveWorkflows(state: WorkflowsState): WorkflowsState {
	return { ...listPane.leaveListPane(state), detail: false, detailScroll: 0, stepOpen: false };
}
