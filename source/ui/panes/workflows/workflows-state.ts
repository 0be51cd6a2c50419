/** What the Workflows pane keeps: the list's selection and detail, the room it has, a cancel asked for. */
import {
	initialRequestList,
	leaveRequestFlow,
	type RequestListAction,
	type RequestListState,
	requestListReducer,
} from '../../kit/request-flow/request-flow-state.js';

/** A cancel is a request flow: shown as its request first, sent on a yes, its outcome a notice. */
export interface WorkflowsState extends RequestListState {
	/** Rows the list shows: how many runs it polls. */
	room: number;
}

export type WorkflowsAction =
	| RequestListAction
	| { type: 'room'; rows: number }
	/** Esc: closes the innermost thing open. */
	| { type: 'back' };

export const initialWorkflowsState: WorkflowsState = {
	...initialRequestList,
	room: 20,
};

export function workflowsReducer(state: WorkflowsState, action: WorkflowsAction): WorkflowsState {
	switch (action.type) {
		case 'room':
			return action.rows === state.room ? state : { ...state, room: action.rows };
		case 'back':
			return requestListReducer(state, { type: state.confirm ? 'request/cancel' : 'detail/close' });
		default:
			return requestListReducer(state, action);
	}
}

/** Leaving the pane closes the detail, the request shown and the notice. */
export function leaveWorkflows(state: WorkflowsState): WorkflowsState {
	return { ...leaveRequestFlow(state), detail: false, detailScroll: 0 };
}
