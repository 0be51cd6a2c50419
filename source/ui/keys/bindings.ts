/**
 * Every key binding of the monitor, named as a command, in one table. The dispatcher, the
 * bottom key line and the `?` help all read this table, so they can never disagree.
 */
import type { Key } from 'ink';
import type { PaneId } from '../contract/panes.js';

/**
 * Where a binding applies: everywhere, in the help overlay, in a text field, in one pane, or in
 * a view inside a pane that takes the keys (a form, a request to confirm, the batch trigger).
 */
export type Scope = 'global' | 'help' | 'input' | 'form' | 'confirm' | 'trigger' | PaneId;

/** Titles of the views inside a pane that have keys of their own, for the help overlay. */
export const scopeTitles: Partial<Record<Scope, string>> = { trigger: 'batch workflow trigger' };

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
	| 'nav.first'
	| 'secrets.reveal'
	| 'index.edit'
	| 'input.submit'
	| 'input.cancel'
	| 'form.next'
	| 'form.previous'
	| 'form.send'
	| 'confirm.send'
	| 'confirm.cancel'
	| 'select.mark'
	| 'group.add'
	| 'group.remove'
	| 'group.headers'
	| 'group.clearHeaders'
	| 'group.delete'
	| 'group.name'
	| 'publish.edit'
	| 'publish.send'
	| 'publish.trigger'
	| 'clipboard.copy'
	| 'trigger.add'
	| 'trigger.load'
	| 'trigger.remove'
	| 'trigger.send'
	| 'trigger.back'
	| 'message.follow'
	| 'message.cancel'
	| 'filter.edit';

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
	/** It changes something on the service: disabled, and shown so, in read-only mode. */
	edit?: boolean;
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

/** Detail view and newest-first list of a tailing pane (Messages, Callbacks). */
const tailing = (scope: Scope, what: string): Binding[] => [
	...upDown(scope, 'select'),
	{
		command: 'nav.first',
		scope,
		keys: ['home', 'g'],
		description: `back to the newest ${what}, following new ones`,
		hint: { keys: 'g', label: 'newest' },
	},
	{ command: 'nav.open', scope, keys: ['enter'], description: `open the ${what}`, hint: { label: 'detail' } },
	{ command: 'nav.back', scope, keys: ['esc'], description: 'back to the list', help: false },
];

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
	// A form: it takes every key, the arrows and Tab move between fields.
	{
		command: 'form.next',
		scope: 'form',
		keys: ['tab', 'down'],
		description: 'next field',
		hint: { keys: 'tab/↓↑', label: 'field' },
	},
	{ command: 'form.previous', scope: 'form', keys: ['shift+tab', 'up'], description: 'previous field' },
	{
		command: 'input.submit',
		scope: 'form',
		keys: ['enter'],
		description: 'send (in a multi-line field: a new line)',
		hint: { label: 'send/new line' },
	},
	{
		command: 'form.send',
		scope: 'form',
		keys: ['ctrl+s'],
		description: 'send from any field',
		hint: { keys: '^S', label: 'send' },
	},
	{
		command: 'input.cancel',
		scope: 'form',
		keys: ['esc'],
		description: 'close the form',
		hint: { label: 'close' },
	},
	// A request shown before it is sent.
	{
		command: 'confirm.send',
		scope: 'confirm',
		keys: ['enter', 'y'],
		description: 'send this request',
		hint: { keys: 'enter/y', label: 'send' },
	},
	{
		command: 'confirm.cancel',
		scope: 'confirm',
		keys: ['esc', 'n'],
		description: 'back; nothing is sent',
		hint: { keys: 'esc/n', label: 'back' },
	},
	// Groups.
	...upDown('groups', 'select'),
	{ command: 'nav.open', scope: 'groups', keys: ['enter'], description: 'open the group' },
	{ command: 'nav.back', scope: 'groups', keys: ['esc'], description: 'back to the list' },
	{
		command: 'select.mark',
		scope: 'groups',
		keys: [' '],
		description: 'mark or unmark the endpoint',
		hint: { label: 'mark' },
	},
	{
		command: 'group.add',
		scope: 'groups',
		keys: ['a'],
		description: 'add an endpoint (to this group or a new one)',
		hint: { label: 'add' },
		edit: true,
	},
	{
		command: 'group.remove',
		scope: 'groups',
		keys: ['x'],
		description: 'remove the marked endpoints, or endpoints typed by name or URL',
		hint: { label: 'remove' },
		edit: true,
	},
	{
		command: 'group.headers',
		scope: 'groups',
		keys: ['h'],
		description: 'set the default headers',
		hint: { label: 'headers' },
		edit: true,
	},
	{
		command: 'group.clearHeaders',
		scope: 'groups',
		keys: ['c'],
		description: 'clear the default headers',
		edit: true,
	},
	{
		command: 'group.delete',
		scope: 'groups',
		keys: ['D'],
		description: 'delete the group',
		edit: true,
	},
	{
		command: 'group.name',
		scope: 'groups',
		keys: ['g'],
		description: 'type a group name (where the service lists none)',
	},
	// Publish.
	{
		command: 'publish.edit',
		scope: 'publish',
		keys: ['enter', 'e'],
		description: 'edit the form',
		hint: { keys: 'e', label: 'edit' },
	},
	{
		command: 'publish.send',
		scope: 'publish',
		keys: ['s'],
		description: 'send the publish (shown first)',
		hint: { label: 'send' },
		edit: true,
	},
	{
		command: 'publish.trigger',
		scope: 'publish',
		keys: ['t'],
		description: 'batch workflow trigger',
		hint: { label: 'trigger' },
	},
	{
		command: 'secrets.reveal',
		scope: 'publish',
		keys: ['v'],
		description: 'reveal or hide the token of the webhook address',
		hint: { label: 'reveal' },
	},
	{
		command: 'clipboard.copy',
		scope: 'publish',
		keys: ['c'],
		description: 'copy the webhook address to the clipboard (OSC 52)',
		hint: { label: 'copy' },
	},
	// The batch workflow trigger, inside Publish.
	...upDown('trigger', 'select'),
	{
		command: 'trigger.add',
		scope: 'trigger',
		keys: ['a'],
		description: 'add an item',
		hint: { label: 'add' },
	},
	{
		command: 'trigger.load',
		scope: 'trigger',
		keys: ['l'],
		description: 'load items from a JSON file',
		hint: { label: 'load' },
	},
	{ command: 'trigger.remove', scope: 'trigger', keys: ['x'], description: 'remove the selected item' },
	{
		command: 'trigger.send',
		scope: 'trigger',
		keys: ['s'],
		description: 'trigger the runs (shown first)',
		hint: { label: 'send' },
		edit: true,
	},
	{
		command: 'trigger.back',
		scope: 'trigger',
		keys: ['t', 'esc'],
		description: 'back to the publish form',
		hint: { keys: 't', label: 'publish' },
	},
	// Messages.
	...tailing('messages', 'message'),
	{
		command: 'message.follow',
		scope: 'messages',
		keys: ['i'],
		description: 'type a message id to follow',
		hint: { label: 'follow id' },
	},
	{
		command: 'message.cancel',
		scope: 'messages',
		keys: ['c'],
		description: 'cancel the selected message (asks first; not in read-only mode)',
		edit: true,
		hint: { label: 'cancel msg' },
	},
	// Callbacks.
	...tailing('callbacks', 'callback'),
	{
		command: 'filter.edit',
		scope: 'callbacks',
		keys: ['/'],
		description: 'filter: a regular expression or text over each line; esc clears',
		hint: { label: 'filter' },
	},
	{
		command: 'secrets.reveal',
		scope: 'callbacks',
		keys: ['v'],
		description: 'reveal or hide the signing keys',
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

const display: Record<string, string> = { up: '↑', down: '↓', left: '←', right: '→', ' ': 'space' };

/** The keys of a binding as the help overlay writes them, e.g. `↑/k`. */
export function keysLabel(binding: Binding): string {
	if (binding.help) return binding.help.keys;
	return binding.keys.map((k) => display[k] ?? k).join('/');
}

/** The rows of the help overlay for a scope: keys and what they do; edits say when read-only disables them. */
export function helpRows(scope: Scope, readOnly = false): { keys: string; description: string }[] {
	return bindingsFor(scope)
		.filter((b) => b.help !== false)
		.map((b) => {
			const description = b.help ? b.help.description : b.description;
			return {
				keys: keysLabel(b),
				description: readOnly && b.edit ? `${description} (disabled: read-only)` : description,
			};
		});
}

export interface KeyHint {
	keys: string;
	label: string;
	/** Keys read-only mode disables. */
	disabled: boolean;
}

/**
 * What the key line shows for these bindings. In read-only mode the edits are gathered into
 * one entry, e.g. `a/x/h read-only`, where the first of them was: the line says they are
 * disabled and still has room for help and quit.
 */
export function keyLineHints(shown: readonly Binding[], readOnly: boolean): KeyHint[] {
	const disabled = shown.filter((b) => readOnly && b.edit);
	const hints: KeyHint[] = [];
	for (const binding of shown) {
		const keys = binding.hint?.keys ?? keysLabel(binding);
		if (!disabled.includes(binding))
			hints.push({ keys, label: binding.hint?.label ?? binding.description, disabled: false });
		else if (binding === disabled[0])
			hints.push({
				keys: disabled.map((b) => b.hint?.keys ?? keysLabel(b)).join('/'),
				label: 'read-only',
				disabled: true,
			});
	}
	return hints;
}
