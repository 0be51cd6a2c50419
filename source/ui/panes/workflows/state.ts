/** What the Workflows pane keeps: the list's selection and detail, the room it has, a cancel asked for. */
import type { ApiRequest } from '../../../api/transport.js';
import type { Notice } from '../../kit/notice-line/view.js';
import {
	initialTailList,
	type TailListAction,
	type TailListState,
	tailListReducer,
} from '../../kit/tail-list/state.js';

export interface WorkflowsState extends TailListState {
	/** Rows the list shows: how many runs it polls. */
	room: number;
	/** The cancel shown before it is sent: the run and the exact request. */
	confirm: { runId: string; request: ApiRequest } | undefined;
	/** The confirmed request is out. */
	busy: boolean;
	notice: Notice | undefined;
}

export type WorkflowsAction =
	| TailListAction
	| { type: 'room'; rows: number }
	| { type: 'confirm/open'; runId: string; request: ApiRequest }
	| { type: 'confirm/close' }
	| { type: 'send/start' }
	| { type: 'send/done'; notice: Notice }
	| { type: 'notice'; notice: Notice | undefined }
	/** Esc: closes the innermost thing open. */
	| { type: 'back' };

export const initialWorkflowsState: WorkflowsState = {
	...initialTailList,
	room: 20,
	confirm: undefined,
	busy: false,
	notice: undefined,
};

export function workflowsReducer(state: WorkflowsState, action: WorkflowsAction): WorkflowsState {
	switch (action.type) {
		case 'room':
			return action.rows === state.room ? state : { ...state, room: action.rows };
		case 'confirm/open':
			return { ...state, confirm: { runId: action.runId, request: action.request }, notice: undefined };
		case 'confirm/close':
			return state.confirm ? { ...state, confirm: undefined, busy: false } : state;
		case 'send/start':
			return { ...state, busy: true };
		case 'send/done':
			return { ...state, busy: false, confirm: undefined, notice: action.notice };
		case 'notice':
			return { ...state, notice: action.notice };
		case 'back':
			if (state.confirm) return { ...state, confirm: undefined, busy: false };
			return tailListReducer(state, { type: 'detail/close' });
		default:
			return tailListReducer(state, action);
	}
}

/** Leaving the pane closes the detail, the question and the notice. */
export function leaveWorkflows(state: WorkflowsState): WorkflowsState {
	return { ...state, detail: false, detailScroll: 0, confirm: undefined, busy: false, notice: undefined };
}
