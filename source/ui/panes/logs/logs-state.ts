/**
 * What the Logs pane is doing, as a pure reducer: the filtered, paged list (the kit's filtered
 * list: filter, page, selection, detail, form) and the last notice. It follows the newest
 * entries while nothing is selected on the first page: moving, opening an entry or paging
 * stops that, `g` takes it up again.
 */
import type { LogFilter } from '../../../api/filters.js';
import type { Scope } from '../../keys/key-table.js';
import {
	type FilteredListAction,
	type FilteredListState,
	filteredListReducer,
	initialFilteredList,
} from '../../kit/filtered-list/filtered-list-state.js';
import { formScope } from '../../kit/form/form-state.js';
import type { Notice } from '../../kit/notice-line/notice-line-view.js';
import { clearedFilter } from '../../kit/row-filter/row-filter-state.js';

export interface LogsState extends FilteredListState<LogFilter> {
	notice: Notice | undefined;
}

export type LogsAction =
	| FilteredListAction<LogFilter>
	/** Back to the newest entries, following them. */
	| { type: 'follow' }
	| { type: 'notice'; notice: Notice | undefined }
	/** Esc: closes the detail, else clears the filter. */
	| { type: 'back' };

export const initialLogsState: LogsState = { ...initialFilteredList<LogFilter>({}), notice: undefined };

/** New entries replace the list while nothing is selected on the first page and no detail is open. */
export function isFollowing(state: LogsState): boolean {
	return state.cursor === undefined && state.selected === undefined && !state.detail;
}

export function logsScope(state: LogsState): Scope | undefined {
	if (state.form) return formScope(state.form);
	return state.filtering ? 'input' : undefined;
}

export function logsReducer(state: LogsState, action: LogsAction): LogsState {
	switch (action.type) {
		case 'follow':
			return {
				...state,
				cursor: undefined,
				previous: [],
				selected: undefined,
				detail: false,
				detailScroll: 0,
			};
		case 'form/open':
			return { ...filteredListReducer(state, action), notice: undefined };
		case 'notice':
			return { ...state, notice: action.notice };
		case 'back':
			if (state.detail) return { ...state, detail: false };
			if (state.filtering) return { ...state, filtering: false };
			if (clearedFilter(state)) return { ...clearedFilter(state)!, selected: undefined };
			if (Object.keys(state.query).length > 0)
				return logsReducer(state, { type: 'filter/apply', texts: {}, filter: {} });
			return state.notice ? { ...state, notice: undefined } : state;
		default:
			return filteredListReducer(state, action);
	}
}

export function leaveLogs(state: LogsState): LogsState {
	return { ...state, detail: false, detailScroll: 0, form: undefined, notice: undefined, filtering: false };
}

/** Opened from another pane with a message id: that message's entries, newest first, followed. */
export function openLogs(state: LogsState, request: { messageId?: string }): LogsState {
	if (!request.messageId) return state;
	const { messageId } = request;
	return logsReducer(leaveLogs(state), { type: 'filter/apply', texts: { messageId }, filter: { messageId } });
}
