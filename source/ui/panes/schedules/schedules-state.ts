/**
 * What the Schedules pane is doing, as a pure reducer: the selected schedule and its open
 * detail, the create form, and the request waiting for confirmation with the outcome of the
 * last one. A refused create keeps the form exactly as it was typed, the refusal over it.
 */
import type { Scope } from '../../keys/key-table.js';
import { type FormAction, type FormState, formReducer, formScope } from '../../kit/form/form-state.js';
import {
	idleRequestFlow,
	isRequestFlowAction,
	leaveRequestFlow,
	type RequestFlow,
	type RequestFlowAction,
	requestFlowReducer,
} from '../../kit/request-flow/request-flow-state.js';
import {
	initialTailList,
	type TailListAction,
	type TailListState,
	tailListReducer,
} from '../../kit/tail-list/tail-list-state.js';
import type { ScheduleField } from './form.js';

export interface SchedulesState extends TailListState, RequestFlow {
	/** The create form, while it is open. */
	form: FormState<ScheduleField> | undefined;
	/** Why the last create was refused, shown over the form. */
	failure: string | undefined;
}

export type SchedulesAction =
	| TailListAction
	| RequestFlowAction
	| { type: 'form/open'; form: FormState<ScheduleField> }
	| { type: 'form/action'; action: FormAction<ScheduleField> }
	| { type: 'form/close' }
	/** Esc: closes the detail. */
	| { type: 'back' };

export const initialSchedulesState: SchedulesState = {
	...initialTailList,
	...idleRequestFlow,
	form: undefined,
	failure: undefined,
};

/** The view inside the pane that has the keys. */
export function schedulesScope(state: SchedulesState): Scope | undefined {
	if (state.confirm) return 'confirm';
	if (state.form) return formScope(state.form);
	return undefined;
}

export function schedulesReducer(state: SchedulesState, action: SchedulesAction): SchedulesState {
	if (isRequestFlowAction(action)) {
		// A create refused keeps its form, with the refusal over it; accepted, the form closes.
		if (state.form && action.type === 'request/failed')
			return { ...state, busy: false, confirm: undefined, failure: action.message };
		const next = requestFlowReducer(state, action);
		return action.type === 'request/done' ? { ...next, form: undefined, failure: undefined } : next;
	}
	switch (action.type) {
		case 'form/open':
			return { ...state, form: action.form, failure: undefined, notice: undefined };
		case 'form/action': {
			if (!state.form) return state;
			const form = formReducer(state.form, action.action);
			return form === state.form ? state : { ...state, form };
		}
		case 'form/close':
			return state.form ? { ...state, form: undefined, failure: undefined } : state;
		case 'back':
			return tailListReducer(state, { type: 'detail/close' });
		default:
			return tailListReducer(state, action);
	}
}

export const leaveSchedules: (state: SchedulesState) => SchedulesState = leaveRequestFlow;
