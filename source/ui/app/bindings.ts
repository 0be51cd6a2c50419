/** The shell's own keys (pane switching, help, refresh, freeze, period, quit) and the key table of the app. */
import type { AnyPane } from '../contract/pane.js';
import { bindingsIn } from '../keys/bind.js';
import { KeyTable, type ScopeInfo } from '../keys/key-table.js';
import { confirmBindings } from '../kit/confirm/confirm-view.js';
import { formBindings } from '../kit/form/form-view.js';
import { upDown } from '../kit/tail-list/bindings.js';
import { textInputBindings } from '../kit/text-input/text-input-view.js';
import { commandLineBindings } from './command-line.js';
import { numbered } from './panes.js';

const key = bindingsIn('global');

/** 1..n for the panes with number keys; the key line and help show them as one entry. */
function paneKeys(panes: readonly AnyPane[]) {
	const count = numbered(panes).length;
	return numbered(panes).map((pane, i) =>
		key(
			`pane.${i + 1}`,
			String(i + 1),
			`show ${pane.title}`,
			i === 0
				? {
						hint: { keys: `1-${count}`, label: 'pane' },
						help: { keys: `1-${count}`, description: 'show that pane' },
					}
				: { help: false },
		),
	);
}

/** The help overlay's key that closes it (the shell's), and those that scroll it (the overlay's own). */
export const helpCloseBindings = [
	bindingsIn('help')('help.toggle', ['?', 'esc'], 'close help', {
		hint: { keys: '?/esc', label: 'close help', keep: true },
	}),
] as const;
export const helpScrollBindings = upDown('help', 'scroll');

const healthKey = bindingsIn('health');

export function shellBindings(panes: readonly AnyPane[]) {
	return [
		...helpCloseBindings,
		...helpScrollBindings,
		// Everywhere, the most used first: a narrow key line shows the first that fit (help and quit always).
		key('help.toggle', '?', 'keys of this pane, and every view', {
			hint: { label: 'help', keep: true, cut: 'all keys' },
		}),
		healthKey('health.toggle', ['!', 'esc'], 'close the health rules', {
			hint: { keys: '!/esc', label: 'close' },
		}),
		key('app.quit', 'q', 'quit', { hint: { label: 'quit', keep: true } }),
		key('command.open', ':', 'go to a view by name', { hint: 'view' }),
		key('health.toggle', '!', 'health rules and why'),
		key('period.longer', ['+', '='], 'longer stats period', {
			hint: { keys: '+/-', label: 'period' },
			help: { keys: '+/-', description: 'longer / shorter stats period' },
		}),
		key('period.shorter', ['-', '_'], 'shorter stats period', { help: false }),
		key('data.freeze', 'f', 'freeze or resume live data', { hint: 'freeze' }),
		key('data.refresh', 'r', 'refresh now', { hint: 'refresh' }),
		key('pane.next', 'tab', 'next pane', {
			hint: { keys: 'tab', label: 'next' },
			help: { keys: 'tab/S-tab', description: 'next / previous pane' },
		}),
		key('pane.previous', 'shift+tab', 'previous pane', { help: false }),
		...paneKeys(panes),
	] as const;
}

/** Kit widgets that take every key while shown. */
const modal: Record<string, ScopeInfo> = {
	input: { modal: true },
	form: { modal: true },
	'form.lines': { modal: true, title: 'multi-line field' },
	'form.add': { modal: true, title: 'form of an item' },
	'form.add.lines': { modal: true, title: 'multi-line field of an item' },
	'form.load': { modal: true, title: 'file to load' },
	'form.load.lines': { modal: true, title: 'multi-line field' },
	'form.apply': { modal: true, title: 'filter' },
	'form.apply.lines': { modal: true, title: 'multi-line field of a filter' },
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
