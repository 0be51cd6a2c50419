/**
 * The state of a list pane whose rows are changed through the request flow (Queues, Schedules,
 * Flow control, Workflows, Messages), said once: the rows' selection and detail (tail list),
 * `/` and the order over them (row filter), and the request shown first and its outcome
 * (request flow). A pane's state extends ListPaneState with what is its own; its reducer handles
 * its own actions (and those it does more with) and gives the rest to listPaneReducer. Pure.
 */
import {
	initialRequestList,
	leaveRequestFlow,
	type PendingRequest,
	type RequestListAction,
	type RequestListState,
	requestListReducer,
} from '../request-flow/request-flow-state.js';
import {
	clearedFilter,
	initialRowFilter,
	isRowFilterAction,
	type Refiltered,
	type RowFilterAction,
	type RowFilterState,
	rowFilterReducer,
} from '../row-filter/row-filter-state.js';
import type { TailListState } from '../tail-list/tail-list-state.js';

export interface ListPaneState<P extends PendingRequest = PendingRequest>
	extends RequestListState<P>,
		RowFilterState {}

export type ListPaneAction<P extends PendingRequest = PendingRequest> =
	| RequestListAction<P>
	| RowFilterAction
	/** Esc, once the pane has closed what it has open: clears the filter and the order. */
	| { type: 'back' };

/** Nothing selected, no detail, every row in the service's order, nothing asked. */
export const initialListPane: ListPaneState<never> = { ...initialRequestList, ...initialRowFilter };

/**
 * The shared actions: each to its part, Esc clearing the filter and the order. `refiltered` is
 * what else changes when the list shows other rows (a new filter, or none).
 */
export function listPaneReducer<P extends PendingRequest, S extends ListPaneState<P>>(
	state: S,
	action: ListPaneAction<P>,
	refiltered?: Refiltered<S>,
): S {
	if (isRowFilterAction(action)) return rowFilterReducer(state, action, refiltered);
	if (action.type === 'back') return clearedFilter(state, refiltered) ?? state;
	return requestListReducer(state, action);
}

/** A newest-first list showing other rows follows the newest again, its detail closed (Workflows, Messages). */
export const followNewest = <S extends TailListState>(state: S): S => ({
	...state,
	selected: undefined,
	detail: false,
});

/**
 * Leaving the pane closes the question (what it would change may be different on return), the
 * notice and the filter's field; the filter, the order and the selection stay.
 */
export function leaveListPane<S extends ListPaneState<PendingRequest>>(state: S): S {
	return { ...leaveRequestFlow(state), filtering: false };
}
