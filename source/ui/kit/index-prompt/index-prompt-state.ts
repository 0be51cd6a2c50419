/** The index a pane shows (Vector, Search), whether its id is being typed, and the key that opens the prompt. */
import { bindingsIn } from '../../keys/bind.js';
import type { Scope } from '../../keys/key-table.js';

/** The index shown, and whether its id is being typed. */
export interface IndexChoice {
	indexId: string | undefined;
	editing: boolean;
}

export type IndexAction =
	| { type: 'index/edit' }
	| { type: 'index/set'; id: string }
	| { type: 'index/cancel' };

/** Without an id configured, the prompt is open when the pane is first shown; Esc closes it. */
export function indexChoice(indexId: string | undefined): IndexChoice {
	return { indexId: indexId || undefined, editing: !indexId };
}

export function indexReducer<S extends IndexChoice>(state: S, action: IndexAction): S {
	switch (action.type) {
		case 'index/edit':
			return state.editing ? state : { ...state, editing: true };
		case 'index/set': {
			const id = action.id.trim();
			return { ...state, editing: false, indexId: id || state.indexId };
		}
		case 'index/cancel':
			return state.editing ? { ...state, editing: false } : state;
	}
}

/** The binding that opens the prompt, in a pane's scope. */
export const indexEdit = <const S extends Scope>(scope: S, what: string) =>
	bindingsIn(scope)('index.edit', 'i', `type the ${what} id`, { hint: 'index id' });
