/**
 * The controls of a pane's one form (what FormScreen's keys call), over the pane's store: the
 * form's keys edit it, Escape closes it, and a submit marks it submitted, so that a required
 * field left empty says so too, before the pane checks what was typed and asks to send it.
 */
import type { FormControls } from './form-screen.js';
import type { FormAction } from './form-state.js';

/** What a pane's reducer takes for its one form once it is open. */
export type PaneFormAction<Id extends string> =
	| { type: 'form/action'; action: FormAction<Id> }
	| { type: 'form/close' };

export interface PaneForm<Id extends string, Form> {
	dispatch(action: PaneFormAction<Id>): void;
	/** The form open now, if any: a submit without one does nothing. */
	open(): Form | undefined;
	/** Checks `form`, just marked submitted, and asks to send what it says when it is right. */
	submit(form: Form): void;
}

export function paneFormControls<Id extends string, Form>(pane: PaneForm<Id, Form>): FormControls<Id> {
	return {
		formAction: (action) => pane.dispatch({ type: 'form/action', action }),
		closeForm: () => pane.dispatch({ type: 'form/close' }),
		submitForm: () => {
			const form = pane.open();
			if (form === undefined) return;
			pane.dispatch({ type: 'form/action', action: { type: 'submitted' } });
			pane.submit(form);
		},
	};
}
