/**
 * Browsing an index's data inside the Vector and Search panes, as a pure reducer: the form of
 * what to ask (a query, a fetch, a range, a delete), the records the last answer brought with
 * the selected one and its detail, the pages a range went through, and the delete shown as its
 * exact request until it is answered (the request flow). A pane keeps it inside its own state.
 */

import type { RecordLike } from '../../../format/index-record.js';
import type { FormState } from '../form/form-state.js';
import { createForm, type FieldSpec, type FormAction, formReducer, formScope } from '../form/form-state.js';
import {
	idleRequestFlow,
	isRequestFlowAction,
	type PendingRequest,
	type RequestFlow,
	type RequestFlowAction,
	requestFlowReducer,
} from '../request-flow/request-flow-state.js';

/** A record as an index's answer has it (only the id is sure; the rest as read, other fields too). */
export interface DataRecord extends RecordLike {
	[extra: string]: unknown;
}

/** What an answer brought: the records, the ids a fetch did not find, a range's next cursor. */
export interface DataResult {
	records: readonly DataRecord[];
	/** Ids asked for and not found. */
	absent: readonly string[];
	/** A range's cursor of the next page; "" or none at the end. */
	nextCursor?: string;
	/** Whether the records have scores (a query). */
	scored: boolean;
	/** Fields of the answer that could not be read as expected. */
	oddFields: number;
}

/** A read asked of the index: what, in words for the title, and how to ask it again on another page. */
export interface DataAsk<Spec> {
	spec: Spec;
	/** E.g. `query "warm sea" · namespace books · top 10`. */
	words: string;
	/** For a range: where this page starts. */
	cursor?: string;
}

/** A delete waiting for its yes: the request shown, the host it goes to, what it deletes. */
export interface DataPending extends PendingRequest {
	host: string;
	spec: unknown;
}

export interface IndexDataState<Id extends string = string, Spec = unknown> extends RequestFlow<DataPending> {
	/** The data is shown instead of the pane's statistics. */
	open: boolean;
	/** The form of what to ask, while open; kept as typed when closed, for the next time. */
	form: FormState<Id> | undefined;
	formOpen: boolean;
	/** Why the last ask failed, over the form or the list. */
	failure: string | undefined;
	/** The read whose answer is shown (or is on its way). */
	ask: DataAsk<Spec> | undefined;
	/** The cursors of the pages before this one, for going back. */
	previous: readonly string[];
	result: DataResult | undefined;
	loading: boolean;
	selected: number;
	detail: boolean;
	detailScroll: number;
}

export type IndexDataAction<Id extends string = string, Spec = unknown> =
	| RequestFlowAction<DataPending>
	| { type: 'data/open' }
	/** Esc: the detail closes, else the form, else the data view. */
	| { type: 'data/back' }
	| { type: 'data/form'; fields: readonly FieldSpec<Id>[]; values?: Partial<Record<Id, string>> }
	| { type: 'data/form-action'; action: FormAction<Id> }
	| { type: 'data/form-close' }
	| { type: 'data/ask'; ask: DataAsk<Spec>; previous: readonly string[] }
	| { type: 'data/answer'; result: DataResult }
	| { type: 'data/failed'; message: string }
	| { type: 'data/select'; delta: number }
	| { type: 'data/detail' }
	| { type: 'data/scroll'; delta: number; count: number }
	/** The index shown changed: what was read of the other one goes. */
	| { type: 'data/reset' };

export const initialIndexData: IndexDataState<never, never> = {
	...idleRequestFlow,
	open: false,
	form: undefined,
	formOpen: false,
	failure: undefined,
	ask: undefined,
	previous: [],
	result: undefined,
	loading: false,
	selected: 0,
	detail: false,
	detailScroll: 0,
};

export function isIndexDataAction(action: { type: string }): action is IndexDataAction {
	return action.type.startsWith('data/') || isRequestFlowAction(action);
}

const clamp = (value: number, count: number) => Math.min(Math.max(0, value), Math.max(0, count - 1));

export function indexDataReducer<Id extends string, Spec, S extends IndexDataState<Id, Spec>>(
	state: S,
	action: IndexDataAction<Id, Spec>,
): S {
	switch (action.type) {
		case 'data/open':
			return state.open ? state : { ...state, open: true };
		case 'data/back':
			if (state.detail) return { ...state, detail: false, detailScroll: 0 };
			if (state.formOpen) return { ...state, formOpen: false, failure: undefined };
			return state.open ? { ...state, open: false, notice: undefined } : state;
		case 'data/form':
			return {
				...state,
				open: true,
				formOpen: true,
				failure: undefined,
				notice: undefined,
				// Kept as typed the last time, the focus back on what to ask.
				form: state.form
					? formReducer(state.form, { type: 'focus/field', id: state.form.fields[0]!.id })
					: createForm<Id>(action.fields, action.values ?? {}, undefined, 'apply'),
			};
		case 'data/form-action': {
			if (!state.form || !state.formOpen) return state;
			const form = formReducer(state.form, action.action);
			return form === state.form ? state : { ...state, form };
		}
		case 'data/form-close':
			return state.formOpen ? { ...state, formOpen: false, failure: undefined } : state;
		case 'data/ask':
			return {
				...state,
				formOpen: false,
				failure: undefined,
				notice: undefined,
				ask: action.ask,
				previous: action.previous,
				loading: true,
				detail: false,
				detailScroll: 0,
			};
		case 'data/answer':
			return { ...state, loading: false, result: action.result, selected: 0 };
		case 'data/failed':
			return { ...state, loading: false, failure: action.message };
		case 'data/select': {
			const count = state.result?.records.length ?? 0;
			const selected = clamp(state.selected + action.delta, count);
			return selected === state.selected ? state : { ...state, selected };
		}
		case 'data/detail':
			return state.result?.records[state.selected] ? { ...state, detail: true, detailScroll: 0 } : state;
		case 'data/scroll': {
			const detailScroll = clamp(state.detailScroll + action.delta, action.count);
			return detailScroll === state.detailScroll ? state : { ...state, detailScroll };
		}
		case 'data/reset':
			return { ...state, ...initialIndexData, open: state.open, form: state.form };
		// A delete answered: the list is asked again by the controller; the notice says what went.
		default:
			return requestFlowReducer(state, action);
	}
}

/** Leaving the pane closes the question and the notice; what was read stays. */
export function leaveIndexData<S extends IndexDataState>(state: S): S {
	return { ...state, confirm: state.busy ? state.confirm : undefined, notice: undefined };
}

/** The scope that has the keys inside the data view: the question, the form, or the view's own. */
export function indexDataScope(state: IndexDataState, own: string): string | undefined {
	if (state.confirm) return 'confirm';
	if (state.formOpen && state.form) return formScope(state.form);
	return state.open ? own : undefined;
}
