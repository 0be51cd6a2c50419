/**
 * What the Queues pane is doing, as a pure reducer: the selected queue, the field for a new
 * parallelism, each queue's recent lag, and the request waiting for confirmation with the
 * outcome of the last one.
 */
import type { Scope } from '../../keys/key-table.js';
import {
	idleRequestFlow,
	isRequestFlowAction,
	type RequestFlow,
	type RequestFlowAction,
	requestFlowReducer,
} from '../../kit/request-flow/state.js';
import { moveSelection } from '../../kit/tail-list/selection.js';
import { addSamples, type Trends } from '../../kit/trend/state.js';

export interface QueuesState extends RequestFlow {
	/** The queue kept selected, by name; none is the first. */
	selected: string | undefined;
	/** The field for the selected queue's new parallelism is open. */
	editing: boolean;
	/** Each queue's lag over the last polls. */
	trends: Trends;
}

export type QueuesAction =
	| RequestFlowAction
	| { type: 'move'; names: readonly string[]; delta: number }
	| { type: 'parallelism/open' }
	| { type: 'parallelism/close' }
	| { type: 'lag/sample'; samples: readonly (readonly [string, number | undefined])[] };

export const initialQueuesState: QueuesState = {
	...idleRequestFlow,
	selected: undefined,
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
		// Confirmed or refused, the question replaced the field.
		return action.type === 'request/confirm' ? { ...next, editing: false } : next;
	}
	switch (action.type) {
		case 'move': {
			const selected = moveSelection(action.names, state.selected, action.delta);
			return selected === state.selected ? state : { ...state, selected };
		}
		case 'parallelism/open':
			return { ...state, editing: true, notice: undefined };
		case 'parallelism/close':
			return state.editing ? { ...state, editing: false } : state;
		case 'lag/sample':
			return { ...state, trends: addSamples(state.trends, action.samples) };
	}
}

export function leaveQueues(state: QueuesState): QueuesState {
	return { ...state, confirm: state.busy ? state.confirm : undefined, editing: false, notice: undefined };
}
