/**
 * What the Failed runs pane is doing, as a pure reducer: the filtered, paged list of the
 * workflow DLQ (the kit's filtered list) and the edit waiting for confirmation (the kit's
 * request flow).
 */
import type { WorkflowDlqFilter } from '../../../api/workflow-dlq-api.js';
import type { Scope } from '../../keys/key-table.js';
import {
	type FilteredListAction,
	type FilteredListState,
	filteredListReducer,
	initialFilteredList,
} from '../../kit/filtered-list/filtered-list-state.js';
import { formScope } from '../../kit/form/form-state.js';
import type { Notice } from '../../kit/notice-line/notice-line-view.js';
import {
	idleRequestFlow,
	isRequestFlowAction,
	leaveRequestFlow,
	type PendingRequest,
	type RequestFlow,
	type RequestFlowAction,
	requestFlowReducer,
} from '../../kit/request-flow/request-flow-state.js';
import { clearedFilter } from '../../kit/row-filter/row-filter-state.js';

export interface WorkflowDlqState extends FilteredListState<WorkflowDlqFilter>, RequestFlow<PendingRequest> {}

export type WorkflowDlqAction =
	| FilteredListAction<WorkflowDlqFilter>
	| RequestFlowAction<PendingRequest>
	| { type: 'notice'; notice: Notice | undefined }
	| { type: 'back' };

export const initialWorkflowDlqState: WorkflowDlqState = {
	...initialFilteredList<WorkflowDlqFilter>({}),
	...idleRequestFlow,
};

/** The view inside the pane that has the keys. */
export function workflowDlqScope(state: WorkflowDlqState): Scope | undefined {
	if (state.confirm) return 'confirm';
	if (state.form) return formScope(state.form);
	if (state.filtering) return 'input';
	return undefined;
}

export function workflowDlqReducer(state: WorkflowDlqState, action: WorkflowDlqAction): WorkflowDlqState {
	if (isRequestFlowAction<PendingRequest>(action)) {
		const next = requestFlowReducer(state, action);
		// The dead letter acted on leaves the list: its detail closes.
		return action.type === 'request/done' ? { ...next, detail: false } : next;
	}
	switch (action.type) {
		case 'notice':
			return requestFlowReducer(state, { type: 'request/notice', notice: action.notice });
		case 'back':
			if (state.detail) return { ...state, detail: false };
			if (state.filtering) return { ...state, filtering: false };
			if (clearedFilter(state)) return { ...clearedFilter(state)!, selected: undefined };
			if (Object.keys(state.query).length > 0)
				return workflowDlqReducer(state, { type: 'filter/apply', texts: {}, filter: {} });
			return state.notice ? { ...state, notice: undefined } : state;
		default:
			return filteredListReducer(state, action);
	}
}

/** Leaving the pane closes the detail, the form, the question and the notice; the filter stays. */
export function leaveWorkflowDlq(state: WorkflowDlqState): WorkflowDlqState {
	return leaveRequestFlow({ ...state, detail: false, detailScroll: 0, form: undefined, filtering: false });
}
