/**
 * What the Dead letters pane is doing, as a pure reducer: the filtered, paged list (the kit's
 * filtered list: filter, page, selection, detail, form), the marked records (or every record
 * the filter matches), the operation waiting for confirmation and the answer of the last one.
 */
import type { DlqSelection } from '../../../api/dlq-api.js';
import type { DlqFilter } from '../../../api/filters.js';
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

/**
 * A retry or delete, ready to send: what it touches, in words (the title) and as a count, and
 * its first (or only) request, exactly as it is sent.
 */
export interface DlqOperation extends PendingRequest {
	kind: 'retry' | 'delete';
	selection: DlqSelection;
	/** Records it touches, counted before asking; with `complete` false, at least so many. */
	count: number;
	complete: boolean;
}

/** The operation waiting for confirmation (`confirm`) and the answer of the last one: the kit's request flow. */
export interface DlqState extends FilteredListState<DlqFilter>, RequestFlow<DlqOperation> {
	/** dlqIds of the marked records, on any page. */
	marked: readonly string[];
	/** Every record the filter matches is marked, on every page. */
	all: boolean;
}

export type DlqAction =
	| FilteredListAction<DlqFilter>
	| RequestFlowAction<DlqOperation>
	| { type: 'mark'; dlqId: string }
	| { type: 'mark/all' }
	| { type: 'notice'; notice: Notice | undefined }
	/** Esc: closes the detail, else clears the marks, else the filter. */
	| { type: 'back' };

export const initialDlqState: DlqState = {
	...initialFilteredList<DlqFilter>({}),
	...idleRequestFlow,
	marked: [],
	all: false,
};

/** The view inside the pane that has the keys. */
export function dlqScope(state: DlqState): Scope | undefined {
	if (state.confirm) return 'confirm';
	if (state.form) return formScope(state.form);
	if (state.filtering) return 'input';
	return undefined;
}

export function dlqReducer(state: DlqState, action: DlqAction): DlqState {
	if (isRequestFlowAction<DlqOperation>(action)) {
		const next = requestFlowReducer(state, action);
		// The records acted on leave the list: the marks go, and the detail of one of them closes.
		return action.type === 'request/done' ? { ...next, marked: [], all: false, detail: false } : next;
	}
	switch (action.type) {
		case 'filter/apply':
			// Marks belong to a filter: another one starts with none.
			return { ...filteredListReducer(state, action), marked: [], all: false };
		case 'form/open':
			return { ...filteredListReducer(state, action), notice: undefined };
		case 'mark': {
			// Everything the filter matches cannot lose one record: marking one ends that.
			if (state.all) return { ...state, all: false, marked: [action.dlqId] };
			const marked = state.marked.includes(action.dlqId)
				? state.marked.filter((id) => id !== action.dlqId)
				: [...state.marked, action.dlqId];
			return { ...state, marked };
		}
		case 'mark/all':
			return { ...state, all: !state.all, marked: [] };
		case 'notice':
			return requestFlowReducer(state, { type: 'request/notice', notice: action.notice });
		case 'back':
			if (state.detail) return { ...state, detail: false };
			if (state.filtering) return { ...state, filtering: false };
			if (clearedFilter(state)) return { ...clearedFilter(state)!, selected: undefined };
			if (state.all || state.marked.length > 0) return { ...state, all: false, marked: [] };
			if (Object.keys(state.query).length > 0)
				return dlqReducer(state, { type: 'filter/apply', texts: {}, filter: {} });
			return state.notice ? { ...state, notice: undefined } : state;
		default:
			return filteredListReducer(state, action);
	}
}

/** Leaving the pane closes the detail, the form, the question and the notice; filter and marks stay. */
export function leaveDlq(state: DlqState): DlqState {
	return leaveRequestFlow({ ...state, detail: false, detailScroll: 0, form: undefined, filtering: false });
}

/** Opened from another pane with a message id: the dead letters of that message. */
export function openDlq(state: DlqState, request: { messageId?: string }): DlqState {
	if (!request.messageId) return state;
	const { messageId } = request;
	return dlqReducer(leaveDlq(state), { type: 'filter/apply', texts: { messageId }, filter: { messageId } });
}
