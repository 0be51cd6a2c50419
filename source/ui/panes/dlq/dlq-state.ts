/**
 * What the Dead letters pane is doing, as a pure reducer: the kit's record list (the filtered,
 * paged list, its notice, and the retry or delete waiting for confirmation) and the marks, kept
 * by dlqId across pages (or every record the filter matches).
 */
import type { DlqSelection } from '../../../api/dlq-api.js';
import type { DlqFilter } from '../../../api/filters.js';
import type { PaneModel } from '../../contract/pane.js';
import {
	type ActedListAction,
	type ActedListState,
	actedListReducer,
	initialActedList,
	leaveRecordList,
	openOnMessage,
	recordListScope,
} from '../../kit/record-list/record-list-state.js';
import type { PendingRequest } from '../../kit/request-flow/request-flow-state.js';

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

export interface DlqState extends ActedListState<DlqFilter, DlqOperation> {
	/** dlqIds of the marked records, on any page. */
	marked: readonly string[];
	/** Every record the filter matches is marked, on every page. */
	all: boolean;
}

export type DlqAction =
	| ActedListAction<DlqFilter, DlqOperation>
	| { type: 'mark'; dlqId: string }
	| { type: 'mark/all' };

export const initialDlqState: DlqState = { ...initialActedList<DlqFilter>({}), marked: [], all: false };

const unmarked = (state: DlqState): DlqState => ({ ...state, marked: [], all: false });

/** Esc clears the marks after `/` and before the filter. */
const clearMarks = (state: DlqState) => (state.all || state.marked.length > 0 ? unmarked(state) : undefined);

export function dlqReducer(state: DlqState, action: DlqAction): DlqState {
	switch (action.type) {
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
		// Marks belong to a filter: another one starts with none.
		case 'filter/apply':
			return unmarked(actedListReducer(state, action));
		// The records acted on leave the list: the marks go.
		case 'request/done':
			return unmarked(actedListReducer(state, action));
		default:
			return actedListReducer(state, action, clearMarks);
	}
}

/** The pane's state: leaving closes the detail, the form, the question and the notice; filter and marks stay. */
export const dlqModel: PaneModel<DlqState, DlqAction> = {
	initial: initialDlqState,
	reduce: dlqReducer,
	leave: leaveRecordList,
	// Opened from another pane with a message id: the dead letters of that message.
	open: openOnMessage(dlqReducer),
	focus: recordListScope,
	showsDetail: (state) => state.detail,
};
