/** The shell's own keys (pane switching, help, refresh, freeze, period, quit) and the key table of the app. */
import type { AnyPane } from '../contract/pane.js';
import { type Binding, KeyTable, type ScopeInfo } from '../keys/key-table.js';
import { confirmBindings } from '../kit/confirm/confirm-view.js';
import { formBindings } from '../kit/form/form-view.js';
import { upDown } from '../kit/tail-list/bindings.js';
import { textInputBindings } from '../kit/text-input/text-input-view.js';
import { commandLineBindings } from './command-line.js';
import { numbered } from './panes.js';

/** 1..n for the panes with number keys; the key line and help show them as one entry. */
function paneKeys(panes: readonly AnyPane[]): Binding[] {
	const count = numbered(panes).length;
	return numbered(panes).map(
		(pane, i): Binding => ({
			command: `pane.${i + 1}`,
			scope: 'global',
			keys: [String(i + 1)],
			description: `show ${pane.title}`,
			...(i === 0
				? {
						hint: { keys: `1-${count}`, label: 'pane' },
						help: { keys: `1-${count}`, description: 'show that pane' },
					}
				: { help: false as const }),
		}),
	);
}

export function shellBindings(panes: readonly AnyPane[]): Binding[] {
	return [
		{
			command: 'help.toggle',
			scope: 'help',
			keys: ['?', 'esc'],
			description: 'close help',
			hint: { keys: '?/esc', label: 'close help', keep: true },
		},
		...upDown('help', 'scroll'),
		// Everywhere, the most used first: a narrow key line shows the first that fit (help and quit always).
		{
			command: 'help.toggle',
			scope: 'global',
			keys: ['?'],
			description: 'keys of this pane, and every view',
			hint: { label: 'help', keep: true, cut: 'all keys' },
		},
		{
			command: 'health.toggle',
			scope: 'health',
			keys: ['!', 'esc'],
			description: 'close the health rules',
			hint: { keys: '!/esc', label: 'close' },
		},
		{
			command: 'app.quit',
			scope: 'global',
			keys: ['q'],
			description: 'quit',
			hint: { label: 'quit', keep: true },
		},
		{
			command: 'command.open',
			scope: 'global',
			keys: [':'],
			description: 'go to a view by name',
			hint: { label: 'view' },
		},
		{
			command: 'health.toggle',
			scope: 'global',
			keys: ['!'],
			description: 'health rules and why',
		},
		{
			command: 'period.longer',
			scope: 'global',
			keys: ['+', '='],
			description: 'longer stats period',
			hint: { keys: '+/-', label: 'period' },
			help: { keys: '+/-', description: 'longer / shorter stats period' },
		},
		{
			command: 'period.shorter',
			scope: 'global',
			keys: ['-', '_'],
			description: 'shorter stats period',
			help: false,
		},
		{
			command: 'data.freeze',
			scope: 'global',
			keys: ['f'],
			description: 'freeze or resume live data',
			hint: { label: 'freeze' },
		},
		{
			command: 'data.refresh',
			scope: 'global',
			keys: ['r'],
			description: 'refresh now',
			hint: { label: 'refresh' },
		},
		{
			command: 'pane.next',
			scope: 'global',
			keys: ['tab'],
			description: 'next pane',
			hint: { keys: 'tab', label: 'next' },
			help: { keys: 'tab/S-tab', description: 'next / previous pane' },
		},
		{
			command: 'pane.previous',
			scope: 'global',
			keys: ['shift+tab'],
			description: 'previous pane',
			help: false,
		},
		...paneKeys(panes),
	];
}

/** Kit widgets that take every key while shown. */
const modal: Record<string, ScopeInfo> = {
	input: { modal: true },
	form: { modal: true },
	'form.lines': { modal: true, title: 'multi-line field' },
	confirm: { modal: true },
	command: { modal: true, title: 'command line' },
	health: { title: 'health' },
};

/** Every binding of the monitor: the kit's, each pane's, then the shell's. */
export function keyTable(panes: readonly AnyPane[]): KeyTable {
	return new KeyTable(
		[
			...textInputBindings,
			...formBindings,
			...confirmBindings,
			...commandLineBindings,
			...panes.flatMap((p) => p.bindings),
			...shellBindings(panes),
		],
		Object.assign({}, modal, ...panes.map((p) => p.scopes ?? {})),
	);
}
