/** The kit's text field as a shell's line: Ctrl-U clears what is before the point, Ctrl-W a word. */
import { describe, expect, it } from 'vitest';
import { noKey } from '../../../source/ui/keys/key-name.js';
import { createForm, formReducer } from '../../../source/ui/kit/form/form-state.js';
import {
	type TextInputState,
	textEditOf,
	textInputReducer,
} from '../../../source/ui/kit/text-input/text-input-state.js';

const at = (value: string, cursor = [...value].length): TextInputState => ({ value, cursor });
const ctrl = (letter: string) =>
	textEditOf({ name: `ctrl+${letter}`, input: letter, key: { ...noKey, ctrl: true } });

describe('a text field', () => {
	it('takes Ctrl-U and Ctrl-W as edits, not as typed letters', () => {
		expect(ctrl('u')).toEqual({ type: 'clear-before' });
		expect(ctrl('w')).toEqual({ type: 'delete-word' });
	});

	it('clears a prefilled value with Ctrl-U, so what is typed next replaces it', () => {
		const cleared = textInputReducer(at('d454f97f-875e'), { type: 'clear-before' });
		expect(cleared).toEqual(at(''));
		expect(textInputReducer(cleared, { type: 'insert', text: 'abc' })).toEqual(at('abc'));
		// Only what is before the point goes.
		expect(textInputReducer(at('abc def', 4), { type: 'clear-before' })).toEqual(at('def', 0));
		const empty = at('');
		expect(textInputReducer(empty, { type: 'clear-before' })).toBe(empty);
	});

	it('deletes the word before the point with Ctrl-W, and the spaces after it', () => {
		expect(textInputReducer(at('status 5xx  '), { type: 'delete-word' })).toEqual(at('status '));
		expect(textInputReducer(at('status 5xx'), { type: 'delete-word' })).toEqual(at('status '));
		expect(textInputReducer(at('one two three', 7), { type: 'delete-word' })).toEqual(at('one  three', 4));
	});

	it('clears only the line of the point in a field of several lines', () => {
		const form = createForm([{ id: 'body', label: 'body', kind: 'lines' as const }], { body: 'a: 1\nb: 2' });
		const next = formReducer(form, { type: 'clear-before' });
		expect(next.values.body).toBe('a: 1\n');
		expect(formReducer(next, { type: 'delete-word' }).values.body).toBe('a: ');
	});
});
