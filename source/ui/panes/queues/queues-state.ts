/**
 * What the Queues pane is doing, as a pure reducer: the selected queue, the field for a new
 * parallelism, each queue's recent lag, and the request waiting for confirmation with the
 * outcome of the last one.
 */
import type { Scope } from '../../keys/key-table.js';
import {
	idleRequestFlow,
	isRequestFlowAction,
	leaveRequestFlow,
	type RequestFlow,
	type RequestFlowAction,
	requestFlowReducer,
} from '../../kit/request-flow/request-flow-state.js';
import type { TrendSample } from '../../kit/resource-list/controller.js';
import {
	initialTailList,
	type TailListAction,
	type TailListState,
	tailListReducer,
} from '../../kit/tail-list/tail-list-state.js';
import { addSamples, type Trends } from '../../kit/trend/trend-state.js';

export interface QueuesState extends TailListState, RequestFlow {
	/** The field for the selected queue's new parallelism is open. */
	editing: boolean;
	/** Each queue's lag over the last polls. */
	trends: Trends;
}

export type QueuesAction =
	| TailListAction
	| RequestFlowAction
	| TrendSample
	| { type: 'parallelism/open' }
	| { type: 'parallelism/close' };

export const initialQueuesState: QueuesState = {
	...initialTailList,
	...idleRequestFlow,
	editing: false,
	trends: {},
};

export function queuesScope(state: QueuesState): Scope | undefined {
	if (state.confirm) return 'confirm';
	if (state.editing) return 'input';
	return undefined;
}

export function queuesReducer(state: QueuesState, action: QueuesAction): QueuesState {
	if (isRequestFlowAction(action)) {
		const next = requestFlowReducer(state, action);
		// The question replaces the field.
		return action.type === 'request/confirm' ? { ...next, editing: false } : next;
	}
	switch (action.type) {
		case 'parallelism/open':
			return { ...state, editing: true, notice: undefined };
		case 'parallelism/close':
			return state.editing ? { ...state, editing: false } : state;
		case 'trend/sample':
			return { ...state, trends: addSamples(state.trends, action.samples) };
		default:
			return tailListReducer(state, action);
	}
}

export function leaveQueues(state: QueuesState): QueuesState {
	return { ...leaveRequestFlow(state), editing: false };
}
