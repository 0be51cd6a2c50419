/**
 * What the Queues pane is doing, as a pure reducer: the selected queue, the field for a new
 * parallelism, each queue's recent lag, and the request waiting for confirmation with the
 * outcome of the last one.
 */
import type { Scope } from '../../keys/key-table.js';
import * as listPane from '../../kit/list-pane/list-pane-state.js';
import type { TrendSample } from '../../kit/resource-list/controller.js';
import { addSamples, type Trends } from '../../kit/trend/trend-state.js';

export interface QueuesState extends listPane.ListPaneState {
	/** The field for the selected queue's new parallelism is open. */
	editing: boolean;
	/** Each queue's lag over the last polls. */
	trends: Trends;
}

export type QueuesAction =
	| listPane.ListPaneAction
	| TrendSample
	| { type: 'parallelism/open' }
	| { type: 'parallelism/close' };

export const initialQueuesState: QueuesState = {
	...listPane.initialListPane,
	editing: false,
	trends: {},
};

export function queuesScope(state: QueuesState): Scope | undefined {
	if (state.confirm) return 'confirm';
	if (state.editing || state.filtering) return 'input';
	return undefined;
}

export function queuesReducer(state: QueuesState, action: QueuesAction): QueuesState {
	switch (action.type) {
		case 'request/confirm':
			// The question replaces the field.
			return { ...listPane.listPaneReducer(state, action), editing: false };
		case 'parallelism/open':
			return { ...state, editing: true, notice: undefined };
		case 'parallelism/close':
			return state.editing ? { ...state, editing: false } : state;
		case 'trend/sample':
			return { ...state, trends: addSamples(state.trends, action.samples) };
		default:
			return listPane.listPaneReducer(state, action);
	}
}

export function leaveQueues(state: QueuesState): QueuesState {
	return { ...listPane.leaveListPane(state), editing: false };
}
