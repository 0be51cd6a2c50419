/**
 * What the Flow control pane is doing, as a pure reducer: the selected key, the pin or unpin
 * form, each key's recent wait list, and the request waiting for confirmation with the outcome
 * of the last one.
 */
import type { Scope } from '../../keys/key-table.js';
import { type FormAction, type FormState, formReducer, formScope } from '../../kit/form/form-state.js';
import * as listPane from '../../kit/list-pane/list-pane-state.js';
import type { TrendSample } from '../../kit/resource-list/controller.js';
import { addSamples, type Trends } from '../../kit/trend/trend-state.js';
import type { PinField, UnpinField } from './limits.js';

export type LimitsForm =
	| { kind: 'pin'; key: string; state: FormState<PinField> }
	| { kind: 'unpin'; key: string; state: FormState<UnpinField> };

export interface FlowState extends listPane.ListPaneState {
	form: LimitsForm | undefined;
	/** Each key's wait list over the last polls. */
	trends: Trends;
}

export type FlowAction =
	| listPane.ListPaneAction
	| TrendSample
	| { type: 'form/open'; form: LimitsForm }
	| { type: 'form/action'; action: FormAction<string> }
	| { type: 'form/close' };

export const initialFlowState: FlowState = {
	...listPane.initialListPane,
	form: undefined,
	trends: {},
};

export function flowScope(state: FlowState): Scope | undefined {
	if (state.confirm) return 'confirm';
	if (state.form) return formScope(state.form.state);
	if (state.filtering) return 'input';
	return undefined;
}

function formAction(form: LimitsForm, action: FormAction<string>): LimitsForm {
	if (form.kind === 'pin') return { ...form, state: formReducer(form.state, action as FormAction<PinField>) };
	return { ...form, state: formReducer(form.state, action as FormAction<UnpinField>) };
}

export function flowReducer(state: FlowState, action: FlowAction): FlowState {
	switch (action.type) {
		case 'request/done':
			// Sent, the form is done; refused, it stays as typed, the refusal over it (the notice).
			return { ...listPane.listPaneReducer(state, action), form: undefined };
		case 'form/open':
			return { ...state, form: action.form, notice: undefined };
		case 'form/action':
			return state.form ? { ...state, form: formAction(state.form, action.action) } : state;
		case 'form/close':
			return state.form ? { ...state, form: undefined } : state;
		case 'trend/sample':
			return { ...state, trends: addSamples(state.trends, action.samples) };
		default:
			return listPane.listPaneReducer(state, action);
	}
}

export const leaveFlow = (state: FlowState): FlowState => listPane.leaveListPane(state);
