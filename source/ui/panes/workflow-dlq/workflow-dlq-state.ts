/**
 * What the Failed runs pane is doing, as a pure reducer: the kit's record list of the workflow
 * DLQ (the filtered, paged list, its notice, and the edit waiting for confirmation); nothing of
 * its own beside it.
 */
import type { WorkflowDlqFilter } from '../../../api/workflow-dlq-api.js';
import type { PaneModel } from '../../contract/pane.js';
import {
	type ActedListAction,
	type ActedListState,
	actedListReducer,
	initialActedList,
	leaveRecordList,
	recordListScope,
} from '../../kit/record-list/record-list-state.js';

export type WorkflowDlqState = ActedListState<WorkflowDlqFilter>;
export type WorkflowDlqAction = ActedListAction<WorkflowDlqFilter>;

/** The pane's state: leaving closes the detail, the form, the question and the notice; the filter stays. */
export const workflowDlqModel: PaneModel<WorkflowDlqState, WorkflowDlqAction> = {
	initial: initialActedList<WorkflowDlqFilter>({}),
	reduce: actedListReducer,
	leave: leaveRecordList,
	focus: recordListScope,
	showsDetail: (state) => state.detail,
};
