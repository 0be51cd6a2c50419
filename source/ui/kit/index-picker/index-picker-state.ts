/**
 * The index a pane shows (Vector, Search) and how another is chosen: from the list of the
 * account's indexes (`i`), or, where the service lists none, by typing its id. From the list an
 * index is also made (`c`, its name and shape typed) or deleted (`D`), each shown as its request
 * first. Pure; a pane keeps it inside its own state.
 */
import { bindingsIn } from '../../keys/bind.js';
import type { Scope } from '../../keys/key-table.js';
import { rowBindings } from '../row-filter/bindings.js';
import * as rowFilter from '../row-filter/row-filter-state.js';
import { upDown } from '../tail-list/bindings.js';

/** The index shown, and the list it is chosen from, with `/` and the order over it. */
export interface IndexChoice extends rowFilter.RowFilterState {
	indexId: string | undefined;
	/** The list of the account's indexes is open. */
	picking: boolean;
	/** The id is being typed: the service lists no indexes. */
	typing: boolean;
	/** The row selected in the list, by id; none is the index shown (or the first). */
	cursor: string | undefined;
	/** What makes a new index is being typed. */
	creating?: boolean;
}

export type IndexAction =
	| { type: 'index/pick' }
	| { type: 'index/move'; id: string }
	/** The service lists no indexes: the id is typed instead. */
	| { type: 'index/type' }
	| { type: 'index/set'; id: string }
	/** Opens (or, with `open: false`, closes) the line where a new index is typed. */
	| { type: 'index/create'; open: boolean }
	/** Esc: closes the filter's field, else clears the filter and order, else closes the list. */
	| { type: 'index/cancel' }
	| rowFilter.RowFilterAction;

/** Without an id configured, the list is open when the pane is first shown; Esc closes it. */
export function indexChoice(indexId: string | undefined): IndexChoice {
	return {
		indexId: indexId || undefined,
		picking: !indexId,
		typing: false,
		cursor: undefined,
		...rowFilter.initialRowFilter,
	};
}

/** Another filter (or none) shows other rows: the index shown is selected again, or the first. */
const fromShown = <S extends IndexChoice>(state: S): S => ({ ...state, cursor: undefined });

export function indexReducer<S extends IndexChoice>(state: S, action: IndexAction): S {
	if (rowFilter.isRowFilterAction(action)) return rowFilter.rowFilterReducer(state, action, fromShown);
	switch (action.type) {
		case 'index/pick':
			return state.picking ? state : { ...state, picking: true, typing: false, cursor: undefined };
		case 'index/move':
			return state.cursor === action.id ? state : { ...state, cursor: action.id };
		case 'index/type':
			return state.typing ? state : { ...state, picking: false, typing: true };
		case 'index/set': {
			const id = action.id.trim();
			return { ...state, picking: false, typing: false, cursor: undefined, indexId: id || state.indexId };
		}
		case 'index/create':
			return Boolean(state.creating) === action.open ? state : { ...state, creating: action.open };
		case 'index/cancel': {
			if (state.creating) return { ...state, creating: false };
			if (state.filtering) return rowFilter.rowFilterReducer(state, { type: 'filter/close' });
			const cleared = state.picking && rowFilter.clearedFilter(state, fromShown);
			if (cleared) return cleared;
			return state.picking || state.typing ? { ...state, picking: false, typing: false } : state;
		}
	}
}

/** The scope of the list of indexes inside a pane, e.g. `vector.pick`. */
export const pickScope = <const S extends string>(pane: S) => `${pane}.pick` as const;

/** The keys of the list: move, show the selected index, back. */
export const indexPickBindings = <const S extends Scope>(scope: S, what: string) => {
	const key = bindingsIn(scope);
	return [
		...upDown(scope, 'select'),
		key('nav.open', 'enter', `show the selected ${what}`, { hint: 'show' }),
		key('nav.back', 'esc', 'back, showing the same index (first clears the filter and the order)'),
		key('index.type', 't', `type the id of a ${what} the list does not have`, { hint: 'type id' }),
		key('index.create', 'c', `make a ${what}: its name and shape typed, the request shown first`, {
			hint: 'create',
			edit: true,
		}),
		key('index.delete', 'D', `delete the selected ${what}: shows the exact request first`, {
			hint: 'delete',
			edit: true,
		}),
		...rowBindings(scope, `${what}es`),
	] as const;
};

/** The key that opens the list, in a pane's scope. */
export const indexPick = <const S extends Scope>(scope: S, what: string) =>
	bindingsIn(scope)('index.pick', 'i', `pick the ${what} shown among those of the account`, {
		hint: 'index',
	});

/** The scope that has the keys while an index is chosen (a question asked from the list first). */
export function indexFocus(
	state: IndexChoice & { confirm?: unknown; open?: boolean },
	pick: Scope,
): Scope | undefined {
	if (state.picking && state.confirm && !state.open) return 'confirm';
	if (state.typing || (state.picking && (state.filtering || state.creating))) return 'input';
	return state.picking ? pick : undefined;
}
