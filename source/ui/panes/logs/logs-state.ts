/**
 * What the Logs pane is doing, as a pure reducer: the kit's record list (filter, page,
 * selection, detail, form, notice). It follows the newest entries while nothing is selected on
 * the first page: moving, opening an entry or paging stops that, `g` takes it up again.
 */
import type { LogFilter } from '../../../api/filters.js';
import type { PaneModel } from '../../contract/pane.js';
import {
	initialRecordList,
	leaveRecordList,
	openOnMessage,
	type RecordListAction,
	type RecordListState,
	recordListReducer,
	recordListScope,
} from '../../kit/record-list/record-list-state.js';

export type LogsState = RecordListState<LogFilter>;

export type LogsAction =
	| RecordListAction<LogFilter>
	/** Back to the newest entries, following them. */
	| { type: 'follow' };

/** New entries replace the list while nothing is selected on the first page and no detail is open. */
export function isFollowing(state: LogsState): boolean {
	return state.cursor === undefined && state.selected === undefined && !state.detail;
}

export function logsReducer(state: LogsState, action: LogsAction): LogsState {
	if (action.type !== 'follow') return recordListReducer(state, action);
	return { ...state, cursor: undefined, previous: [], selected: undefined, detail: false, detailScroll: 0 };
}

/** The pane's state: leaving closes the detail, the form and the notice; the filter stays. */
export const logsModel: PaneModel<LogsState, LogsAction> = {
	initial: initialRecordList<LogFilter>({}),
	reduce: logsReducer,
	leave: leaveRecordList,
	// Opened from another pane with a message id: that message's entries, newest first, followed.
	open: openOnMessage(logsReducer),
	focus: recordListScope,
	showsDetail: (state) => state.detail,
};
