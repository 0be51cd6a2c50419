/**
 * A pane made of one filtered, paged list of records (Dead letters, Failed runs, Logs): the
 * kit's filtered list with the notice line under it and, for a pane that acts on its records,
 * the request flow (each operation shown as its exact request first, its answer said in the
 * notice). What Esc closes and in which order, what leaving the pane closes, which view has the
 * keys, and opening the pane on a message are the same for each such pane: said here once, as
 * pure functions; a pane adds only its own actions (the Dead letters' marks, the Logs' follow).
 */
import type { Scope } from '../../keys/key-table.js';
import {
	type FilteredListAction,
	type FilteredListState,
	filteredListReducer,
	initialFilteredList,
} from '../filtered-list/filtered-list-state.js';
import { formScope } from '../form/form-state.js';
import type { Notice } from '../notice-line/notice-line-view.js';
import {
	idleRequestFlow,
	isRequestFlowAction,
	leaveRequestFlow,
	type PendingRequest,
	type RequestFlow,
	type RequestFlowAction,
	requestFlowReducer,
} from '../request-flow/request-flow-state.js';
import { clearedFilter } from '../row-filter/row-filter-state.js';

export interface RecordListState<F> extends FilteredListState<F> {
	/** What the last action did, or why it was refused. */
	notice: Notice | undefined;
}

/** A record list whose records are acted on through the request flow. */
export interface ActedListState<F, P extends PendingRequest = PendingRequest>
	extends RecordListState<F>,
		RequestFlow<P> {}

export type RecordListAction<F> =
	| FilteredListAction<F>
	| { type: 'notice'; notice: Notice | undefined }
	/** Esc: one thing at a time, see `back`. */
	| { type: 'back' };

export type ActedListAction<F, P extends PendingRequest = PendingRequest> =
	| RecordListAction<F>
	| RequestFlowAction<P>;

/** What the pane keeps beside the list and Esc clears before the service's filter (marks); none: nothing of it. */
export type OwnBack<S> = (state: S) => S | undefined;

export function initialRecordList<F>(query: F): RecordListState<F> {
	return { ...initialFilteredList(query), notice: undefined };
}

export function initialActedList<F>(query: F): ActedListState<F, never> {
	return { ...initialRecordList(query), ...idleRequestFlow };
}

/**
 * Esc closes the detail, else the `/` prompt, else clears `/` and the order, else what the pane
 * keeps of its own (`own`), else the service's filter (from the first page), else the notice.
 */
function back<F, S extends RecordListState<F>>(state: S, own: OwnBack<S> | undefined): S {
	if (state.detail) return { ...state, detail: false };
	if (state.filtering) return { ...state, filtering: false };
	const unfiltered = clearedFilter(state);
	if (unfiltered) return { ...unfiltered, selected: undefined };
	const cleared = own?.(state);
	if (cleared) return cleared;
	if (Object.keys(state.query as object).length > 0)
		return filteredListReducer(state, { type: 'filter/apply', texts: {}, filter: {} as F });
	return state.notice ? { ...state, notice: undefined } : state;
}

export function recordListReducer<F, S extends RecordListState<F>>(
	state: S,
	action: RecordListAction<F>,
	own?: OwnBack<S>,
): S {
	switch (action.type) {
		case 'form/open':
			// The filter form takes the screen: what the notice said is over.
			return { ...filteredListReducer(state, action), notice: undefined };
		case 'notice':
			return state.notice === action.notice ? state : { ...state, notice: action.notice };
		case 'back':
			return back(state, own);
		default:
			return filteredListReducer(state, action);
	}
}

/** The record list's actions and the request flow's; the records acted on leave the list, so their detail closes. */
export function actedListReducer<F, P extends PendingRequest, S extends ActedListState<F, P>>(
	state: S,
	action: ActedListAction<F, P>,
	own?: OwnBack<S>,
): S {
	if (!isRequestFlowAction<P>(action)) return recordListReducer(state, action as RecordListAction<F>, own);
	const next = requestFlowReducer(state, action);
	return action.type === 'request/done' ? { ...next, detail: false } : next;
}

/** Leaving the pane closes the detail, the form, `/`'s prompt and the notice (and a question not yet sent); the filter stays. */
export function leaveRecordList<S extends RecordListState<unknown>>(state: S): S {
	const left = {
		...state,
		detail: false,
		detailScroll: 0,
		form: undefined,
		filtering: false,
		notice: undefined,
	};
	return 'confirm' in left ? leaveRequestFlow(left as S & RequestFlow) : left;
}

/** The view inside the pane that has the keys: the question, the filter form, `/`'s prompt, or the list. */
export function recordListScope(state: RecordListState<unknown> & Partial<RequestFlow>): Scope | undefined {
	if (state.confirm) return 'confirm';
	if (state.form) return formScope(state.form);
	if (state.filtering) return 'input';
	return undefined;
}

/** The service's filter set to one message's records. */
export interface MessageFilterAction {
	type: 'filter/apply';
	texts: { messageId: string };
	filter: { messageId: string };
}

/**
 * What a pane opened from another with a message id shows: the records of that message (as
 * `reduce` applies the filter), in a pane left as leaving it leaves it; without one, what it showed.
 */
export function openOnMessage<S extends RecordListState<unknown>>(
	reduce: (state: S, action: MessageFilterAction) => S,
) {
	return (state: S, request: { messageId?: string }): S => {
		const { messageId } = request;
		if (!messageId) return state;
		return reduce(leaveRecordList(state), {
			type: 'filter/apply',
			texts: { messageId },
			filter: { messageId },
		});
	};
}
