/**
 * What the Workflows pane keeps: the list's selection, filter and detail, the room it has, a
 * cancel asked for; in an open run, the step selected on its time line and whether it is open.
 */

import {
	initialRequestList,
	leaveRequestFlow,
	type RequestListAction,
	type RequestListState,
	requestListReducer,
} from '../../kit/request-flow/request-flow-state.js';
import {
	clearedFilter,
	initialRowFilter,
	isRowFilterAction,
	type RowFilterAction,
	type RowFilterState,
	rowFilterReducer,
} from '../../kit/row-filter/row-filter-state.js';

/** A cancel is a request flow: shown as its request first, sent on a yes, its outcome a notice. */
export interface WorkflowsState extends RequestListState, RowFilterState {
	/** Rows the list shows: how many runs it polls. */
	room: number;
	/** The step selected on the open run's time line, by its place there. */
	step: number;
	/** That step's detail is open (scrolled by detailScroll). */
	stepOpen: boolean;
}

export type WorkflowsAction =
	| RequestListAction
	| RowFilterAction
	| { type: 'room'; rows: number }
	/** Moves the selection on the time line by `delta` within its `count` steps. */
	| { type: 'step/move'; delta: number; count: number }
	| { type: 'step/open' }
	/** Esc: closes the innermost thing open. */
	| { type: 'back' };

export const initialWorkflowsState: WorkflowsState = {
	...initialRequestList,
	...initialRowFilter,
	room: 20,
	step: 0,
	stepOpen: false,
};

export function workflowsReducer(state: WorkflowsState, action: WorkflowsAction): WorkflowsState {
	// Another filter shows other rows: the list follows the newest again.
	if (isRowFilterAction(action))
		return action.type === 'filter/set'
			? { ...rowFilterReducer(state, action), selected: undefined, detail: false }
			: rowFilterReducer(state, action);
	// The filter and the order are cleared together (esc): the list follows the newest again.
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
			return { ...requestListReducer(state, action), step: 0, stepOpen: false };
		case 'back':
			if (state.filtering) return rowFilterReducer(state, { type: 'filter/close' });
			if (state.stepOpen && !state.confirm) return { ...state, stepOpen: false, detailScroll: 0 };
			if (state.confirm || state.detail)
				return requestListReducer(state, { type: state.confirm ? 'request/cancel' : 'detail/close' });
			return clearedFilter({ ...state, selected: undefined }) ?? state;
		default:
			return requestListReducer(state, action);
	}
}

/** Leaving the pane closes the detail (and the step open in it), the request shown and the notice. */
export function leaveWorkflows(state: WorkflowsState): WorkflowsState {
	return { ...leaveRequestFlow(state), detail: false, detailScroll: 0, filtering: false, stepOpen: false };
}
