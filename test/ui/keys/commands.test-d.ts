/**
 * Key commands are checked by the type checker (`npm run typecheck` reads this file; vitest
 * does not run it): a handler object must answer exactly the commands its bindings declare in
 * its scope. Each `@ts-expect-error` below fails the type check when the error it expects is
 * not there, so a check that stops refusing is caught here.
 */
import { bindingsIn } from '../../../source/ui/keys/bind.js';
import { commands as handled } from '../../../source/ui/keys/commands.js';
import type { CommandsOf } from '../../../source/ui/keys/key-table.js';
import type { filteredListBindings } from '../../../source/ui/kit/filtered-list/bindings.js';
import { upDown } from '../../../source/ui/kit/tail-list/bindings.js';
import { listMoves, tailNavigation } from '../../../source/ui/kit/tail-list/navigation.js';
import { flowBindings } from '../../../source/ui/panes/flow/bindings.js';

const key = bindingsIn('pane');
const paneKeys = [
	...upDown('pane', 'select'),
	key('pane.pause', 'p', 'pause'),
	bindingsIn('pane.view')('view.back', 'esc', 'back'),
] as const;
const nothing = () => {};
const moves = { 'nav.up': nothing, 'nav.down': nothing, 'nav.pageUp': nothing, 'nav.pageDown': nothing };
/** The filter and order every list has (kit/row-filter), and Esc clearing them. */
const rows = {
	'filter.edit': nothing,
	'filter.clear': nothing,
	'sort.next': nothing,
	'sort.previous': nothing,
	'sort.reverse': nothing,
};
declare const navigation: Parameters<typeof tailNavigation>[0];

// The commands of a scope are literal names, the shared ones (upDown) included.
const commands: CommandsOf<typeof paneKeys, 'pane'>[] = [
	'nav.up',
	'nav.down',
	'nav.pageUp',
	'nav.pageDown',
	'pane.pause',
];
// @ts-expect-error: view.back is the command of another scope
const other: CommandsOf<typeof paneKeys, 'pane'> = 'view.back';

export function Accepted() {
	handled(paneKeys, 'pane', { ...moves, 'pane.pause': nothing });
	handled(paneKeys, 'pane.view', { 'view.back': nothing });
	handled(flowBindings, 'flow', {
		...listMoves(navigation),
		'flow.pause': nothing,
		'flow.resume': nothing,
		'flow.pin': nothing,
		'flow.unpin': nothing,
		'flow.resetRate': nothing,
		...rows,
	});
	return handled(paneKeys, 'pane.view', { 'view.back': nothing }, () => true);
}

export function MissingHandler() {
	// @ts-expect-error: pane.pause is bound to p, and nothing handles it
	handled(paneKeys, 'pane', { ...moves });
	// @ts-expect-error: the same for a widget's keys
	handled(paneKeys, 'pane.view', {});
	// @ts-expect-error: the Flow pane binds z to flow.resetRate
	handled(flowBindings, 'flow', {
		...listMoves(navigation),
		'flow.pause': nothing,
		'flow.resume': nothing,
		'flow.pin': nothing,
		'flow.unpin': nothing,
		...rows,
	});
}

export function ExtraHandler() {
	// @ts-expect-error: no key is bound to pane.resume
	handled(paneKeys, 'pane', { ...moves, 'pane.pause': nothing, 'pane.resume': nothing });
	// @ts-expect-error: view.back is bound in pane.view, not in pane
	handled(paneKeys, 'pane', { ...moves, 'pane.pause': nothing, 'view.back': nothing });
	// @ts-expect-error: a spread brings handlers no key is bound to (nav.first, nav.open)
	handled(paneKeys, 'pane', { ...tailNavigation(navigation), 'pane.pause': nothing });
	// @ts-expect-error: the same for a widget's keys
	handled(paneKeys, 'pane.view', { 'view.back': nothing, 'view.close': nothing });
}

export function UnknownScope() {
	// @ts-expect-error: no binding has the scope panes
	handled(paneKeys, 'panes', {});
}

// The kit's shared bindings keep their commands literal too.
const listCommands: CommandsOf<ReturnType<typeof filteredListBindings<'list'>>, 'list'>[] = [
	'nav.up',
	'nav.open',
	'nav.back',
	'filter.edit',
	'page.next',
	'page.previous',
];
// @ts-expect-error: a filtered list binds no nav.first of its own
const first: CommandsOf<ReturnType<typeof filteredListBindings<'list'>>, 'list'> = 'nav.first';

export { commands, first, listCommands, other };
