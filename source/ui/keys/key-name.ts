/** Keypresses as names, and a read of several keys taken apart into its keys. */
import type { Key } from 'ink';

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

export const noKey: Key = {
	upArrow: false,
	downArrow: false,
	leftArrow: false,
	rightArrow: false,
	pageDown: false,
	pageUp: false,
	home: false,
	end: false,
	return: false,
	escape: false,
	ctrl: false,
	shift: false,
	tab: false,
	backspace: false,
	delete: false,
	meta: false,
	super: false,
	hyper: false,
	capsLock: false,
	numLock: false,
};

/** One character as Ink reports it when it arrives alone. */
function keyOf(char: string): { input: string; key: Key } {
	const code = char.codePointAt(0) ?? 0;
	if (char === '\r' || char === '\n') return { input: '', key: { ...noKey, return: true } };
	if (char === '\t') return { input: '', key: { ...noKey, tab: true } };
	if (char === '\x7f') return { input: '', key: { ...noKey, delete: true } };
	if (char === '\b') return { input: '', key: { ...noKey, backspace: true } };
	if (code > 0 && code <= 0x1a)
		return { input: String.fromCharCode(code + 96), key: { ...noKey, ctrl: true } };
	return { input: char, key: { ...noKey, shift: /^[A-Z]$/.test(char) } };
}

/**
 * The keys of one read. A terminal delivers what was typed between two reads in one piece:
 * `jjj` pressed quickly, two Tabs, a paste. Ink splits escape sequences apart but hands a run
 * of plain characters over as one input; each character is a key of its own here. A single
 * key, or an escape sequence (arrows, meta+key), comes back as it is.
 */
export function splitKeys(input: string, key: Key): { input: string; key: Key }[] {
	const chars = [...input];
	const named = keyName(input, key) !== input;
	if (chars.length <= 1 || named || input.includes('\x1b') || key.ctrl || key.meta) return [{ input, key }];
	return chars.map(keyOf);
}
