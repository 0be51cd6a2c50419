/**
 * The keys a tailing pane (Messages, Callbacks) shares: move the selection through the rows,
 * or scroll the detail when it is open; page, jump to the newest, open the selected row.
 * Panes add their own commands next to these.
 */
import type { CommandHandlers } from '../../keys/use-keys.js';
import { moveSelection, selectedIndex } from './selection.js';
import type { TailListAction, TailListState } from './tail-list-state.js';

export interface TailNavigation {
	/** The list's state as it is now (read when a key arrives, not when the view was drawn). */
	list: () => TailListState;
	dispatch: (action: TailListAction) => void;
	/** Keys of the rows, in the order shown. */
	keys: readonly string[];
	listHeight: number;
	/** Scroll positions of the open detail. */
	scrolls: number;
}

export function tailNavigation(n: TailNavigation): CommandHandlers {
	const move = (delta: number) => {
		const list = n.list();
		if (list.detail) n.dispatch({ type: 'detail/scroll', delta, count: n.scrolls });
		else n.dispatch({ type: 'select', key: moveSelection(n.keys, list.selected, delta) });
	};
	return {
		'nav.up': () => move(-1),
		'nav.down': () => move(1),
		'nav.pageUp': () => move(-n.listHeight),
		'nav.pageDown': () => move(n.listHeight),
		'nav.first': () => (n.list().detail ? move(-n.scrolls) : n.dispatch({ type: 'select', key: undefined })),
		'nav.open': () => {
			// The row selected now: keys read together may have moved it since the last frame.
			const current = n.keys[selectedIndex(n.keys, n.list().selected)];
			if (current === undefined) return;
			// The open row stays selected while newer ones arrive.
			n.dispatch({ type: 'select', key: current });
			n.dispatch({ type: 'detail/open' });
		},
	};
}
