/**
 * Which view inside a pane has the keys, when it is not the pane itself: a form, a request to
 * confirm, a sub-view such as the batch trigger. A pane's controller writes it whenever its
 * view changes; the key line and the help overlay read it, so they show the keys that work.
 */

import { Store } from '../data/store.js';
import type { Scope } from '../keys/bindings.js';
import type { PaneId } from './panes.js';

export type PaneFocus = Readonly<Partial<Record<PaneId, Scope>>>;

export class FocusStore extends Store<PaneFocus> {
	constructor() {
		super({});
	}

	setFocus(pane: PaneId, scope: Scope | undefined): void {
		if (this.getSnapshot()[pane] === scope) return;
		this.update((state) => ({ ...state, [pane]: scope }));
	}
}

/** Scopes whose keys take everything (global keys included): text is typed there. */
export function isModal(scope: Scope | undefined): boolean {
	return scope === 'form' || scope === 'confirm' || scope === 'input';
}
