import type { Key } from 'ink';
import { describe, expect, it } from 'vitest';
import { keyTable } from '../../../source/ui/app/bindings.js';
import { KeyDispatcher } from '../../../source/ui/keys/dispatcher.js';
import { keyName, noKey } from '../../../source/ui/keys/key-name.js';
import { fitKeyLine, type KeyHint, keyLineHints, keysLabel } from '../../../source/ui/keys/key-table.js';
import { panes } from '../../../source/ui/registry.js';

const table = keyTable(panes);
const { bindings } = table;
const bindingsFor = (scope: string) => table.bindingsFor(scope);
const commandFor = (scope: string, name: string) => table.commandFor(scope, name);

const none: Key = noKey;

describe('keyName', () => {
	it('names special keys and passes printable input through', () => {
		expect(keyName('', { ...none, tab: true })).toBe('tab');
		expect(keyName('', { ...none, tab: true, shift: true })).toBe('shift+tab');
		expect(keyName('', { ...none, return: true })).toBe('enter');
		expect(keyName('', { ...none, escape: true, meta: true })).toBe('esc');
		expect(keyName('', { ...none, upArrow: true })).toBe('up');
		expect(keyName('c', { ...none, ctrl: true })).toBe('ctrl+c');
		expect(keyName('?', none)).toBe('?');
		expect(keyName('+', none)).toBe('+');
	});
});

describe('the key table', () => {
	it('binds each key at most once per scope', () => {
		const seen = new Set<string>();
		for (const b of bindings) {
			for (const key of b.keys) {
				const id = `${b.scope} ${key}`;
				expect(seen.has(id), id).toBe(false);
				seen.add(id);
			}
		}
	});

	it('maps the documented global keys to commands', () => {
		expect(commandFor('global', 'q')).toBe('app.quit');
		expect(commandFor('global', '3')).toBe('pane.3');
		expect(commandFor('global', 'shift+tab')).toBe('pane.previous');
		expect(commandFor('global', 'f')).toBe('data.freeze');
		expect(commandFor('global', '+')).toBe('period.longer');
		expect(commandFor('global', '-')).toBe('period.shorter');
		expect(commandFor('accounts', 'v')).toBe('secrets.reveal');
		expect(commandFor('accounts', 'j')).toBe('nav.down');
		expect(commandFor('overview', 'v')).toBeUndefined();
	});

	it('writes keys as a person reads them', () => {
		const up = bindings.find((b) => b.scope === 'accounts' && b.command === 'nav.up')!;
		expect(keysLabel(up)).toBe('↑/k');
	});
});

describe('KeyDispatcher', () => {
	const event = (name: string) => ({ name, input: name, key: none });

	it('offers a key to the highest priority first and stops where it is taken', () => {
		const dispatcher = new KeyDispatcher();
		const seen: string[] = [];
		dispatcher.subscribe(0, (e) => {
			seen.push(`global ${e.name}`);
			return true;
		});
		const removeInput = dispatcher.subscribe(100, (e) => {
			seen.push(`input ${e.name}`);
			return e.name !== 'q';
		});
		dispatcher.dispatch(event('x'));
		dispatcher.dispatch(event('q'));
		removeInput();
		dispatcher.dispatch(event('x'));
		expect(seen).toEqual(['input x', 'input q', 'global q', 'global x']);
	});

	it('reports whether anyone took the key, latest subscriber first among equals', () => {
		const dispatcher = new KeyDispatcher();
		const seen: string[] = [];
		dispatcher.subscribe(50, () => {
			seen.push('first');
			return false;
		});
		dispatcher.subscribe(50, () => {
			seen.push('second');
			return false;
		});
		expect(dispatcher.dispatch(event('z'))).toBe(false);
		expect(seen).toEqual(['second', 'first']);
	});
});

describe('the key line in read-only mode', () => {
	it('gathers the disabled edits into one entry where the first was', () => {
		const groups = bindingsFor('groups').filter((b) => b.hint);
		expect(keyLineHints(groups, false).map((h) => `${h.keys} ${h.label}`)).toEqual([
			'↑↓ select',
			'/ filter',
			'o/O sort',
			'space mark',
			'a add',
			'x remove',
			'h headers',
		]);
		expect(keyLineHints(groups, true)).toEqual([
			{ keys: '↑↓', label: 'select', disabled: false },
			{ keys: '/', label: 'filter', disabled: false },
			{ keys: 'o/O', label: 'sort', disabled: false },
			{ keys: 'space', label: 'mark', disabled: false },
			{ keys: 'a/x/h', label: 'read-only', disabled: true },
		]);
	});
});

describe('the key line in a narrow terminal', () => {
	const hint = (keys: string, label: string, extra: Partial<KeyHint> = {}): KeyHint => ({
		keys,
		label,
		disabled: false,
		...extra,
	});
	const line = [
		hint('↑↓', 'select'),
		hint('enter', 'detail'),
		hint('?', 'help', { keep: true, cut: 'all keys' }),
		hint('q', 'quit', { keep: true }),
		hint(':', 'view'),
		hint('+/-', 'period'),
	];
	const text = (hints: KeyHint[]) => hints.map((h) => `${h.keys} ${h.label}`).join('  ');

	it('shows every entry where they fit', () => {
		expect(text(fitKeyLine(line, 60))).toBe('↑↓ select  enter detail  ? help  q quit  : view  +/- period');
	});

	it('keeps help and quit, then the first entries that fit whole, and says the rest are in the help', () => {
		expect(text(fitKeyLine(line, 51))).toBe('↑↓ select  enter detail  ? all keys  q quit  : view');
		// The first that does not fit ends the line: what comes after it is used less.
		expect(text(fitKeyLine(line, 30))).toBe('↑↓ select  ? all keys  q quit');
		expect(text(fitKeyLine(line, 5))).toBe('? all keys  q quit');
	});
});
