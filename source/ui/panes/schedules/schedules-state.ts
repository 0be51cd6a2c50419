/**
 * What the Schedules pane is doing, as a pure reducer: the selected schedule and its open
 * detail, the create form, and the request waiting for confirmation with the outcome of the
 * last one. A refused create keeps the form exactly as it was typed, the refusal over it.
 */
import type { Scope } from '../../keys/key-table.js';
import { type FormAction, type FormState, formReducer, formScope } from '../../kit/form/form-state.js';
import * as listPane from '../../kit/list-pane/list-pane-state.js';
import type { ScheduleField } from './form.js';

export interface SchedulesState extends listPane.ListPaneState {
	/** The create form, while it is open. */
	form: FormState<ScheduleField> | undefined;
	/** Why the last create was refused, shown over the form. */
	failure: string | undefined;
}

export type SchedulesAction =
	| listPane.ListPaneAction
	| { type: 'form/open'; form: FormState<ScheduleField> }
	| { type: 'form/action'; action: FormAction<ScheduleField> }
	| { type: 'form/close' };

export const initialSchedulesState: SchedulesState = {
	...listPane.initialListPane,
	form: undefined,
	failure: undefined,
};

/** The view inside the pane that has the keys. */
export function schedulesScope(state: SchedulesState): Scope | undefined {
	if (state.confirm) return 'confirm';
	if (state.form) return formScope(state.form);
	if (state.filtering) return 'input';
	return undefined;
}

export function schedulesReducer(state: SchedulesState, action: SchedulesAction): SchedulesState {
	switch (action.type) {
		// A create refused keeps its form, with the refusal over it; accepted, the form closes.
		case 'request/failed':
			return state.form
				? { ...state, busy: false, confirm: undefined, failure: action.message }
				: listPane.listPaneReducer(state, action);
		case 'request/done':
			return { ...listPane.listPaneReducer(state, action), form: undefined, failure: undefined };
		case 'form/open':
			return { ...state, form: action.form, failure: undefined, notice: undefined };
		case 'form/action': {
			if (!state.form) return state;
			const form = formReducer(state.form, action.action);
			return form === state.form ? state : { ...state, form };
		}
		case 'form/close':
			return state.form ? { ...state, form: undefined, failure: undefined } : state;
		// Esc: closes the detail, else clears the filter and the order.
		case 'back':
			return listPane.listPaneReducer(state, state.detail ? { type: 'detail/close' } : action);
		default:
			return listPane.listPaneReducer(state, action);
	}
}

export const leaveSchedules = (state: SchedulesState): SchedulesState => listPane.leaveListPane(state);
