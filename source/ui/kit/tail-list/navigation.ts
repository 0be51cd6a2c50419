/**
 * The keys a tailing pane (Messages, Callbacks) shares: move the selection through the rows,
 * or scroll the detail when it is open; page, jump to the newest, open the selected row.
 * Panes add their own commands next to these.
 */
import type { CommandHandler, CommandHandlers, ViewSize } from '../../keys/commands.js';
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

/** Moves the selection by `delta` rows, or scrolls the open detail. */
const mover = (n: TailNavigation) => (delta: number) => {
	const list = n.list();
	if (list.detail) n.dispatch({ type: 'detail/scroll', delta, count: n.scrolls });
	else n.dispatch({ type: 'select', key: moveSelection(n.keys, list.selected, delta) });
};

export type MoveCommand = 'nav.up' | 'nav.down' | 'nav.pageUp' | 'nav.pageDown';

/** Up, down and a page each way: the selection, or the open detail. */
export function listMoves(n: TailNavigation): CommandHandlers<MoveCommand> {
	const move = mover(n);
	return {
		'nav.up': () => move(-1),
		'nav.down': () => move(1),
		'nav.pageUp': () => move(-n.listHeight),
		'nav.pageDown': () => move(n.listHeight),
	};
}

/** Opens the selected row. */
export function openSelected(n: TailNavigation): CommandHandler {
	return () => {
		// The row selected now: keys read together may have moved it since the last frame.
		const current = n.keys[selectedIndex(n.keys, n.list().selected)];
		if (current === undefined) return;
		// The open row stays selected while newer ones arrive.
		n.dispatch({ type: 'select', key: current });
		n.dispatch({ type: 'detail/open' });
	};
}

export type TailCommand = MoveCommand | 'nav.first' | 'nav.open';

/** The moves, back to the newest row (the top of the open detail), and open. */
export function tailNavigation(n: TailNavigation): CommandHandlers<TailCommand> {
	return {
		...listMoves(n),
		'nav.first': () =>
			n.list().detail ? mover(n)(-n.scrolls) : n.dispatch({ type: 'select', key: undefined }),
		'nav.open': openSelected(n),
	};
}

/**
 * Each handler of `handlers(n)`, with `n` worked out when the key arrives, for the view's size:
 * a controller's rows change between keys.
 */
function late<C extends string>(
	commands: readonly C[],
	handlers: (n: TailNavigation) => CommandHandlers<C>,
	get: (size: ViewSize) => TailNavigation,
): CommandHandlers<C> {
	return Object.fromEntries(
		commands.map((c) => [c, ((event, size) => handlers(get(size))[c](event, size)) as CommandHandler]),
	) as CommandHandlers<C>;
}

const moveCommands: readonly MoveCommand[] = ['nav.up', 'nav.down', 'nav.pageUp', 'nav.pageDown'];

/** listMoves over the list as it is when the key arrives. */
export function listMovesOf(get: (size: ViewSize) => TailNavigation): CommandHandlers<MoveCommand> {
	return late(moveCommands, listMoves, get);
}

/** tailNavigation over the list as it is when the key arrives. */
export function tailNavigationOf(get: (size: ViewSize) => TailNavigation): CommandHandlers<TailCommand> {
	return late([...moveCommands, 'nav.first', 'nav.open'], tailNavigation, get);
}
