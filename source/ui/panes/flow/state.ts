/**
 * What the Flow control pane is doing, as a pure reducer: the selected key, the pin or unpin
 * form, each key's recent wait list, and the request waiting for confirmation with the outcome
 * of the last one.
 */
import type { Scope } from '../../keys/key-table.js';
import { type FormAction, type FormState, formReducer } from '../../kit/form/state.js';
import {
	idleRequestFlow,
	isRequestFlowAction,
	type RequestFlow,
	type RequestFlowAction,
	requestFlowReducer,
} from '../../kit/request-flow/state.js';
import { moveSelection } from '../../kit/tail-list/selection.js';
import { addSamples, type Trends } from '../../kit/trend/state.js';
import type { PinField, UnpinField } from './limits.js';

export type LimitsForm =
	| { kind: 'pin'; key: string; state: FormState<PinField> }
	| { kind: 'unpin'; key: string; state: FormState<UnpinField> };

export interface FlowState extends RequestFlow {
	/** The key kept selected, by name; none is the first. */
	selected: string | undefined;
	form: LimitsForm | undefined;
	/** Each key's wait list over the last polls. */
	trends: Trends;
}

export type FlowAction =
	| RequestFlowAction
	| { type: 'move'; keys: readonly string[]; delta: number }
	| { type: 'form/open'; form: LimitsForm }
	| { type: 'form/action'; action: FormAction<string> }
	| { type: 'form/close' }
	| { type: 'waiting/sample'; samples: readonly (readonly [string, number | undefined])[] };

export const initialFlowState: FlowState = {
	...idleRequestFlow,
	selected: undefined,
	form: undefined,
	trends: {},
};

export function flowScope(state: FlowState): Scope | undefined {
	if (state.confirm) return 'confirm';
	if (state.form) return 'form';
	return undefined;
}

function formAction(form: LimitsForm, action: FormAction<string>): LimitsForm {
	if (form.kind === 'pin') return { ...form, state: formReducer(form.state, action as FormAction<PinField>) };
	return { ...form, state: formReducer(form.state, action as FormAction<UnpinField>) };
}

export function flowReducer(state: FlowState, action: FlowAction): FlowState {
	if (isRequestFlowAction(action)) {
		const next = requestFlowReducer(state, action);
		// Sent, the form is done; refused, it stays as typed, the refusal over it (the notice).
		return action.type === 'request/done' ? { ...next, form: undefined } : next;
	}
	switch (action.type) {
		case 'move': {
			const selected = moveSelection(action.keys, state.selected, action.delta);
			return selected === state.selected ? state : { ...state, selected };
		}
		case 'form/open':
			return { ...state, form: action.form, notice: undefined };
		case 'form/action':
			return state.form ? { ...state, form: formAction(state.form, action.action) } : state;
		case 'form/close':
			return state.form ? { ...state, form: undefined } : state;
		case 'waiting/sample':
			return { ...state, trends: addSamples(state.trends, action.samples) };
	}
}

export function leaveFlow(state: FlowState): FlowState {
	return { ...state, confirm: state.busy ? state.confirm : undefined, notice: undefined };
}
