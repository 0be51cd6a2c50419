/**
 * The keys a tailing pane (Messages, Callbacks) shares: move the selection through the rows,
 * or scroll the detail when it is open; page, jump to the newest, open the selected row.
 * Panes add their own commands next to these.
 */

import type { UiAction, UiState } from '../../contract/shell-state.js';
import type { ReducerStore } from '../../data/store.js';
import type { CommandHandlers } from '../../keys/use-keys.js';
import { moveSelection } from './selection.js';

export interface TailNavigation {
	store: ReducerStore<UiState, UiAction>;
	ui: UiState;
	/** Keys of the rows, in the order shown. */
	keys: readonly string[];
	selected: string | undefined;
	listHeight: number;
	/** Scroll positions of the open detail. */
	scrolls: number;
	/** Key of the row under the selection, if any. */
	current: string | undefined;
}

export function tailNavigation(n: TailNavigation): CommandHandlers {
	const move = (delta: number) =>
		n.ui.detail
			? n.store.dispatch({ type: 'detail/scroll', delta, count: n.scrolls })
			: n.store.dispatch({ type: 'select', key: moveSelection(n.keys, n.selected, delta) });
	return {
		'nav.up': () => move(-1),
		'nav.down': () => move(1),
		'nav.pageUp': () => move(-n.listHeight),
		'nav.pageDown': () => move(n.listHeight),
		'nav.first': () =>
			n.ui.detail ? move(-n.scrolls) : n.store.dispatch({ type: 'select', key: undefined }),
		'nav.open': () => {
			if (n.current === undefined) return;
			// The open row stays selected while newer ones arrive.
			n.store.dispatch({ type: 'select', key: n.current });
			n.store.dispatch({ type: 'detail/open' });
		},
	};
}
