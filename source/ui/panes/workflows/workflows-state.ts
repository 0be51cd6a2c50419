/** What the Workflows pane keeps: the list's selection, filter and detail, the room it has, a cancel asked for. */

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
}

export type WorkflowsAction =
	| RequestListAction
	| RowFilterAction
	| { type: 'room'; rows: number }
	/** Esc: closes the innermost thing open. */
	| { type: 'back' };

export const initialWorkflowsState: WorkflowsState = {
	...initialRequestList,
	...initialRowFilter,
	room: 20,
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
		case 'back':
			if (state.filtering) return rowFilterReducer(state, { type: 'filter/close' });
			if (state.confirm || state.detail)
				return requestListReducer(state, { type: state.confirm ? 'request/cancel' : 'detail/close' });
			return clearedFilter({ ...state, selected: undefined }) ?? state;
		default:
			return requestListReducer(state, action);
	}
}

/** Leaving the pane closes the detail, the request shown and the notice. */
export function leaveWorkflows(state: WorkflowsState): WorkflowsState {
	return { ...leaveRequestFlow(state), detail: false, detailScroll: 0, filtering: false };
}
