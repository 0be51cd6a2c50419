/**
 * What the Queues pane is doing, as a pure reducer: the selected queue, the field for a new
 * parallelism, each queue's recent lag, and the request waiting for confirmation with the
 * outcome of the last one.
 */
import type { Scope } from '../../keys/key-table.js';
import {
	initialRequestList,
	leaveRequestFlow,
	type RequestListAction,
	type RequestListState,
	requestListReducer,
} from '../../kit/request-flow/request-flow-state.js';
import type { TrendSample } from '../../kit/resource-list/controller.js';
import {
	clearedFilter,
	initialRowFilter,
	isRowFilterAction,
	type RowFilterAction,
	type RowFilterState,
	rowFilterReducer,
} from '../../kit/row-filter/row-filter-state.js';
import { addSamples, type Trends } from '../../kit/trend/trend-state.js';

export interface QueuesState extends RequestListState, RowFilterState {
	/** The field for the selected queue's new parallelism is open. */
	editing: boolean;
	/** Each queue's lag over the last polls. */
	trends: Trends;
}

export type QueuesAction =
	| RequestListAction
	| TrendSample
	| RowFilterAction
	/** Esc: clears the filter and the order. */
	| { type: 'back' }
	| { type: 'parallelism/open' }
	| { type: 'parallelism/close' };

export const initialQueuesState: QueuesState = {
	...initialRequestList,
	...initialRowFilter,
	editing: false,
	trends: {},
};

export function queuesScope(state: QueuesState): Scope | undefined {
	if (state.confirm) return 'confirm';
	if (state.editing || state.filtering) return 'input';
	return undefined;
}

export function queuesReducer(state: QueuesState, action: QueuesAction): QueuesState {
	if (isRowFilterAction(action)) return rowFilterReducer(state, action);
	switch (action.type) {
		case 'back':
			return clearedFilter(state) ?? state;
		case 'request/confirm':
			// The question replaces the field.
			return { ...requestListReducer(state, action), editing: false };
		case 'parallelism/open':
			return { ...state, editing: true, notice: undefined };
		case 'parallelism/close':
			return state.editing ? { ...state, editing: false } : state;
		case 'trend/sample':
			return { ...state, trends: addSamples(state.trends, action.samples) };
		default:
			return requestListReducer(state, action);
	}
}

export function leaveQueues(state: QueuesState): QueuesState {
	return { ...leaveRequestFlow(state), editing: false, filtering: false };
}
