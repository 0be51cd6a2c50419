/** What the Workflows pane keeps: the list's selection and detail, the room it has, a cancel asked for. */
import {
	idleRequestFlow,
	isRequestFlowAction,
	leaveRequestFlow,
	type RequestFlow,
	type RequestFlowAction,
	requestFlowReducer,
} from '../../kit/request-flow/request-flow-state.js';
import {
	initialTailList,
	type TailListAction,
	type TailListState,
	tailListReducer,
} from '../../kit/tail-list/tail-list-state.js';

/** A cancel is a request flow: shown as its request first, sent on a yes, its outcome a notice. */
export interface WorkflowsState extends TailListState, RequestFlow {
	/** Rows the list shows: how many runs it polls. */
	room: number;
}

export type WorkflowsAction =
	| TailListAction
	| RequestFlowAction
	| { type: 'room'; rows: number }
	/** Esc: closes the innermost thing open. */
	| { type: 'back' };

export const initialWorkflowsState: WorkflowsState = {
	...initialTailList,
	...idleRequestFlow,
	room: 20,
};

export function workflowsReducer(state: WorkflowsState, action: WorkflowsAction): WorkflowsState {
	if (isRequestFlowAction(action)) return requestFlowReducer(state, action);
	switch (action.type) {
		case 'room':
			return action.rows === state.room ? state : { ...state, room: action.rows };
		case 'back':
			if (state.confirm) return requestFlowReducer(state, { type: 'request/cancel' });
			return tailListReducer(state, { type: 'detail/close' });
		default:
			return tailListReducer(state, action);
	}
}

/** Leaving the pane closes the detail, the request shown and the notice. */
export function leaveWorkflows(state: WorkflowsState): WorkflowsState {
	return { ...leaveRequestFlow(state), detail: false, detailScroll: 0 };
}
