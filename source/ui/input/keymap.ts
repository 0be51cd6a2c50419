/**
 * Every key binding of the monitor, named as a command, in one table. The dispatcher, the
 * bottom key line and the `?` help all read this table, so they can never disagree.
 */
import type { Key } from 'ink';
import type { PaneId } from '../state/panes.js';

/** Where a binding applies: everywhere, in the help overlay, in a text field, or in one pane. */
export type Scope = 'global' | 'help' | 'input' | PaneId;

export type CommandId =
	| 'app.quit'
	| 'pane.next'
	| 'pane.previous'
	| `pane.${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8}`
	| 'help.toggle'
	| 'data.refresh'
	| 'data.freeze'
	| 'period.longer'
	| 'period.shorter'
	| 'nav.up'
	| 'nav.down'
	| 'nav.left'
	| 'nav.right'
	| 'nav.pageUp'
	| 'nav.pageDown'
	| 'nav.open'
	| 'nav.back'
	| 'secrets.reveal'
	| 'index.edit'
	| 'input.submit'
	| 'input.cancel';

export interface Binding {
	command: CommandId;
	scope: Scope;
	/** Key names as `keyName` returns them. */
	keys: readonly string[];
	/** What the command does, for the help overlay. */
	description: string;
	/** Shown in the bottom key line when given: the keys as written there, and a short label. */
	hint?: { keys?: string; label: string };
	/** How the help overlay lists it, when not as keys and description; false leaves it out. */
	help?: { keys: string; description: string } | false;
}

const paneKeys = (['1', '2', '3', '4', '5', '6', '7', '8'] as const).map(
	(digit, i): Binding => ({
		command: `pane.${(i + 1) as 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8}`,
		scope: 'global',
		keys: [digit],
		description: `show pane ${digit}`,
		...(i === 0
			? { hint: { keys: '1-8', label: 'pane' }, help: { keys: '1-8', description: 'show that pane' } }
			: { help: false as const }),
	}),
);

const upDown = (scope: Scope, what: string): Binding[] => [
	{
		command: 'nav.up',
		scope,
		keys: ['up', 'k'],
		description: `${what} up`,
		hint: { keys: '↑↓', label: what },
	},
	{ command: 'nav.down', scope, keys: ['down', 'j'], description: `${what} down` },
	{ command: 'nav.pageUp', scope, keys: ['pageup'], description: `${what} a page up` },
	{ command: 'nav.pageDown', scope, keys: ['pagedown'], description: `${what} a page down` },
];

const indexEdit = (scope: Scope, what: string): Binding => ({
	command: 'index.edit',
	scope,
	keys: ['i'],
	description: `type the ${what} id`,
	hint: { label: 'index id' },
});

export const bindings: readonly Binding[] = [
	// Text field: it takes every key first.
	{
		command: 'input.submit',
		scope: 'input',
		keys: ['enter'],
		description: 'apply',
		hint: { label: 'apply' },
	},
	{
		command: 'input.cancel',
		scope: 'input',
		keys: ['esc'],
		description: 'cancel',
		hint: { label: 'cancel' },
	},
	// Help overlay.
	{
		command: 'help.toggle',
		scope: 'help',
		keys: ['?', 'esc'],
		description: 'close help',
		hint: { keys: '?/esc', label: 'close help' },
	},
	// Overview.
	...upDown('overview', 'scroll'),
	{
		command: 'nav.left',
		scope: 'overview',
		keys: ['left', 'h'],
		description: 'previous day of the month',
		hint: { keys: '←→', label: 'day' },
	},
	{ command: 'nav.right', scope: 'overview', keys: ['right', 'l'], description: 'next day of the month' },
	// Accounts.
	...upDown('accounts', 'select'),
	{
		command: 'nav.open',
		scope: 'accounts',
		keys: ['enter'],
		description: 'use in the Overview, open detail',
		hint: { label: 'use/detail' },
	},
	{
		command: 'nav.back',
		scope: 'accounts',
		keys: ['esc'],
		description: 'back to the list',
		hint: { label: 'back' },
	},
	{
		command: 'secrets.reveal',
		scope: 'accounts',
		keys: ['v'],
		description: 'reveal or hide tokens and passwords',
		hint: { label: 'reveal' },
	},
	// Vector.
	...upDown('vector', 'scroll'),
	indexEdit('vector', 'vector index'),
	// Search.
	indexEdit('search', 'search index'),
	{
		command: 'secrets.reveal',
		scope: 'search',
		keys: ['v'],
		description: 'reveal or hide the index tokens',
		hint: { label: 'reveal' },
	},
	// Everywhere: help and quit first, so a narrow key line still shows them.
	{
		command: 'help.toggle',
		scope: 'global',
		keys: ['?'],
		description: 'keys of this pane',
		hint: { label: 'help' },
	},
	{ command: 'app.quit', scope: 'global', keys: ['q'], description: 'quit', hint: { label: 'quit' } },
	...paneKeys,
	{
		command: 'pane.next',
		scope: 'global',
		keys: ['tab'],
		description: 'next pane',
		hint: { keys: 'tab', label: 'next' },
	},
	{ command: 'pane.previous', scope: 'global', keys: ['shift+tab'], description: 'previous pane' },
	{
		command: 'data.refresh',
		scope: 'global',
		keys: ['r'],
		description: 'refresh now',
		hint: { label: 'refresh' },
	},
	{
		command: 'data.freeze',
		scope: 'global',
		keys: ['f'],
		description: 'freeze or resume live data',
		hint: { label: 'freeze' },
	},
	{
		command: 'period.longer',
		scope: 'global',
		keys: ['+', '='],
		description: 'longer stats period',
		hint: { keys: '+/-', label: 'period' },
	},
	{ command: 'period.shorter', scope: 'global', keys: ['-', '_'], description: 'shorter stats period' },
];

/** A keypress as a name: `q`, `?`, `enter`, `esc`, `tab`, `shift+tab`, `up`, `ctrl+c`. */
export function keyName(input: string, key: Key): string {
	if (key.tab) return key.shift ? 'shift+tab' : 'tab';
	if (key.return) return 'enter';
	if (key.escape) return 'esc';
	if (key.upArrow) return 'up';
	if (key.downArrow) return 'down';
	if (key.leftArrow) return 'left';
	if (key.rightArrow) return 'right';
	if (key.pageUp) return 'pageup';
	if (key.pageDown) return 'pagedown';
	if (key.home) return 'home';
	if (key.end) return 'end';
	if (key.backspace) return 'backspace';
	if (key.delete) return 'delete';
	if (key.ctrl && input) return `ctrl+${input}`;
	return input;
}

/** The command a key runs in a scope, if any. */
export function commandFor(scope: Scope, name: string): CommandId | undefined {
	return bindings.find((b) => b.scope === scope && b.keys.includes(name))?.command;
}

export function bindingsFor(scope: Scope): Binding[] {
	return bindings.filter((b) => b.scope === scope);
}

const display: Record<string, string> = { up: '↑', down: '↓', left: '←', right: '→' };

/** The keys of a binding as the help overlay writes them, e.g. `↑/k`. */
export function keysLabel(binding: Binding): string {
	if (binding.help) return binding.help.keys;
	return binding.keys.map((k) => display[k] ?? k).join('/');
}

/** The rows of the help overlay for a scope: keys and what they do. */
export function helpRows(scope: Scope): { keys: string; description: string }[] {
	return bindingsFor(scope)
		.filter((b) => b.help !== false)
		.map((b) => ({ keys: keysLabel(b), description: b.help ? b.help.description : b.description }));
}
