/**
 * What the Groups pane is doing, as a pure reducer: the selected group, the open detail with
 * its marked endpoints, a form, and the kit's request flow (the request waiting for
 * confirmation, the answer of the last send). A refused send keeps the form exactly as it was
 * typed.
 */
import type { Scope } from '../../keys/key-table.js';
import { type FormAction, type FormState, formReducer, formScope } from '../../kit/form/form-state.js';
import type { Notice } from '../../kit/notice-line/notice-line-view.js';
import {
	idleRequestFlow,
	type RequestFlow,
	type RequestFlowAction,
	withRequestFlow,
} from '../../kit/request-flow/request-flow-state.js';
import * as rowFilter from '../../kit/row-filter/row-filter-state.js';
import { endpointLines, type GroupEdit, type GroupField, type GroupFormKind } from './edits.js';
import type { GroupMember } from './endpoints.js';

export type { Notice };

export interface GroupForm {
	kind: GroupFormKind;
	state: FormState<GroupField>;
	/** The endpoints that were marked when the form opened (removal lists them). */
	marked: readonly GroupMember[];
}

export interface GroupsState extends RequestFlow<GroupEdit>, rowFilter.RowFilterState {
	/** Name of the selected group in the list. */
	selected: string | undefined;
	/** The selected group's detail is open. */
	open: boolean;
	endpointCursor: number;
	/** URLs of the marked endpoints of the open group. */
	marked: readonly string[];
	/** A group name typed where the service lists no groups. */
	typed: string | undefined;
	form: GroupForm | undefined;
	/** Why the last send was refused, shown over the form it came from. */
	failure: string | undefined;
	/** False once the service answered that it has no URL Group listing (404/405). */
	listed: boolean;
	/** The filter and order of the open group's endpoints (the state's own are the groups'). */
	endpointRows: rowFilter.RowFilterState;
}

export type GroupsAction =
	| { type: 'select'; name: string }
	| { type: 'open' }
	| { type: 'back' }
	| { type: 'endpoint/move'; delta: number; count: number }
	| { type: 'mark'; url: string }
	| { type: 'typed'; name: string }
	| { type: 'form/open'; form: GroupForm }
	| { type: 'form/action'; action: FormAction<GroupField> }
	| { type: 'form/close' }
	| RequestFlowAction<GroupEdit>
	| rowFilter.RowFilterAction
	| { type: 'unlisted' };

export const initialGroupsState: GroupsState = {
	selected: undefined,
	open: false,
	endpointCursor: 0,
	marked: [],
	typed: undefined,
	form: undefined,
	...idleRequestFlow,
	...rowFilter.initialRowFilter,
	failure: undefined,
	listed: true,
	endpointRows: rowFilter.initialRowFilter,
};

/** The view inside the pane that has the keys. */
export function groupsScope(state: GroupsState): Scope | undefined {
	if (state.confirm) return 'confirm';
	if (state.form) return formScope(state.form.state);
	if (state.filtering || (state.open && state.endpointRows.filtering)) return 'input';
	return undefined;
}

function formAction(form: GroupForm, action: FormAction<GroupField>): GroupForm {
	const next = formReducer(form.state, action);
	if (next === form.state) return form;
	// Identifying the marked endpoints the other way relists them, unless the list was edited.
	const before = form.state.values;
	if (
		form.kind === 'remove' &&
		form.marked.length > 0 &&
		next.values.by !== before.by &&
		before.endpoints === endpointLines(form.marked, before.by)
	) {
		return {
			...form,
			state: { ...next, values: { ...next.values, endpoints: endpointLines(form.marked, next.values.by) } },
		};
	}
	return { ...form, state: next };
}

/** What an answer does to the pane: a done edit shows its group, a refusal stays over its form. */
function answered(next: GroupsState, action: RequestFlowAction<GroupEdit>, state: GroupsState): GroupsState {
	switch (action.type) {
		case 'request/confirm':
			return { ...next, failure: undefined };
		case 'request/done': {
			const group = state.confirm?.group;
			const deleted = group === undefined;
			return {
				...next,
				form: undefined,
				failure: undefined,
				marked: [],
				endpointCursor: 0,
				selected: group ?? state.selected,
				open: deleted ? false : state.open,
				typed: deleted ? undefined : state.typed,
			};
		}
		case 'request/failed':
			return state.form ? { ...next, notice: state.notice, failure: action.message } : next;
		default:
			return next;
	}
}

function ownReducer(
	state: GroupsState,
	action: Exclude<GroupsAction, RequestFlowAction<GroupEdit>>,
): GroupsState {
	// In an open group, `/` and the order are its endpoints'; another filter starts at the first.
	if (rowFilter.isRowFilterAction(action))
		return state.open
			? {
					...state,
					endpointRows: rowFilter.rowFilterReducer(state.endpointRows, action),
					...(action.type === 'filter/set' ? { endpointCursor: 0 } : {}),
				}
			: rowFilter.rowFilterReducer(state, action);
	switch (action.type) {
		case 'select':
			return action.name === state.selected
				? state
				: { ...state, selected: action.name, endpointCursor: 0, marked: [] };
		case 'open':
			return state.open
				? state
				: { ...state, open: true, endpointCursor: 0, marked: [], endpointRows: rowFilter.initialRowFilter };
		case 'back': {
			if (state.filtering) return rowFilter.rowFilterReducer(state, { type: 'filter/close' });
			if (!state.open) return rowFilter.clearedFilter(state) ?? state;
			const rows = state.endpointRows;
			if (rows.filtering)
				return { ...state, endpointRows: rowFilter.rowFilterReducer(rows, { type: 'filter/close' }) };
			const cleared = rowFilter.clearedFilter(rows);
			return cleared
				? { ...state, endpointRows: cleared, endpointCursor: 0 }
				: { ...state, open: false, marked: [] };
		}
		case 'endpoint/move': {
			const next = Math.min(Math.max(0, state.endpointCursor + action.delta), Math.max(0, action.count - 1));
			return next === state.endpointCursor ? state : { ...state, endpointCursor: next };
		}
		case 'mark': {
			const marked = state.marked.includes(action.url)
				? state.marked.filter((url) => url !== action.url)
				: [...state.marked, action.url];
			return { ...state, marked };
		}
		case 'typed':
			return { ...state, typed: action.name, form: undefined, failure: undefined };
		case 'form/open':
			return { ...state, form: action.form, failure: undefined, notice: undefined };
		case 'form/action': {
			if (!state.form) return state;
			const form = formAction(state.form, action.action);
			return form === state.form ? state : { ...state, form };
		}
		case 'form/close':
			return { ...state, form: undefined, failure: undefined };
		case 'unlisted':
			return state.listed ? { ...state, listed: false } : state;
	}
}

/** The groups, the open one and its forms; the kit's request flow, with what an answer does to them. */
export const groupsReducer = withRequestFlow<GroupEdit, GroupsState, GroupsAction>(ownReducer, answered);
