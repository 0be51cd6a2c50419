/** Key bindings lists share: move, page, and in a tailing list the newest row, open and back. */
import type { Binding, Scope } from '../../keys/key-table.js';

export const upDown = (scope: Scope, what: string): Binding[] => [
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

/** Detail view and newest-first list of a tailing pane (Messages, Callbacks). */
export const tailing = (scope: Scope, what: string): Binding[] => [
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
