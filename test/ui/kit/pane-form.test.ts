/**
 * The form controls Flow, Groups and Schedules hand their FormScreen: keys edit the pane's form
 * and Escape closes it, a submit without an open form does nothing, and a submit marks the form
 * submitted before the pane checks the form it was given.
 */
import { describe, expect, it } from 'vitest';
import { ReducerStore } from '../../../source/ui/data/store.js';
import { createForm, type FormState, formReducer } from '../../../source/ui/kit/form/form-state.js';
import { type PaneFormAction, paneFormControls } from '../../../source/ui/kit/form/pane-form.js';

type Id = 'name';
type State = { form: FormState<Id> | undefined };

function reducer(state: State, action: PaneFormAction<Id>): State {
	if (!state.form) return state;
	if (action.type === 'form/close') return { form: undefined };
	return { form: formReducer(state.form, action.action) };
}

function pane(form: FormState<Id> | undefined) {
	const store = new ReducerStore<State, PaneFormAction<Id>>(reducer, { form });
	const dispatched: PaneFormAction<Id>[] = [];
	const submits: { given: FormState<Id>; inStore: FormState<Id> | undefined }[] = [];
	const controls = paneFormControls<Id, FormState<Id>>({
		dispatch: (action) => {
			dispatched.push(action);
			store.dispatch(action);
		},
		open: () => store.getSnapshot().form,
		submit: (given) => submits.push({ given, inStore: store.getSnapshot().form }),
	});
	return { store, dispatched, submits, controls };
}

describe('pane form controls', () => {
	it('edit the open form with its keys and close it', () => {
		const p = pane(createForm([{ id: 'name', label: 'name' }]));
		p.controls.formAction({ type: 'insert', text: 'q1' });
		expect(p.store.getSnapshot().form?.values.name).toBe('q1');
		p.controls.closeForm();
		expect(p.store.getSnapshot().form).toBeUndefined();
	});

	it('do nothing on a submit while no form is open', () => {
		const p = pane(undefined);
		p.controls.submitForm();
		expect(p.dispatched).toEqual([]);
		expect(p.submits).toEqual([]);
	});

	it('mark the form submitted, then hand the pane the form that was open', () => {
		const open = createForm([{ id: 'name', label: 'name' }], { name: 'q1' });
		const p = pane(open);
		p.controls.submitForm();
		expect(p.dispatched).toEqual([{ type: 'form/action', action: { type: 'submitted' } }]);
		expect(p.submits).toHaveLength(1);
		expect(p.submits[0]!.given).toBe(open);
		expect(p.submits[0]!.inStore).toMatchObject({ submitted: true, values: { name: 'q1' } });
	});
});
