import { describe, expect, it } from 'vitest';
import {
	createForm,
	type FieldSpec,
	type FormAction,
	type FormState,
	formReducer,
	numberedLines,
} from '../../../source/ui/kit/form/form-state.js';
import { formRows, formScroll, lineView, shownErrors } from '../../../source/ui/kit/form/form-view.js';

type Id = 'name' | 'lines' | 'pick';
const fields: FieldSpec<Id>[] = [
	{ id: 'name', label: 'name', placeholder: 'a name' },
	{ id: 'lines', label: 'lines', kind: 'lines' },
	{ id: 'pick', label: 'pick', kind: 'choice', choices: ['name', 'url'] },
];
const run = (state: FormState<Id>, ...actions: FormAction<Id>[]) => actions.reduce(formReducer, state);

describe('formReducer', () => {
	it('starts with the given values, choices on their first, the cursor at the end of the focused field', () => {
		const form = createForm(fields, { lines: 'ab' }, 'lines');
		expect(form.values).toEqual({ name: '', lines: 'ab', pick: 'name' });
		expect(form).toMatchObject({ focus: 1, cursor: 2, submitted: false });
	});

	it('moves the focus both ways, wrapping, and puts the cursor at the end of the field', () => {
		const form = createForm(fields, { name: 'abc' });
		expect(run(form, { type: 'focus/move', delta: -1 }).focus).toBe(2);
		const back = run(form, { type: 'focus/move', delta: 1 }, { type: 'focus/move', delta: -1 });
		expect(back).toMatchObject({ focus: 0, cursor: 3 });
		expect(run(form, { type: 'focus/field', id: 'pick' }).focus).toBe(2);
	});

	it('edits text at the cursor, drops control characters and line breaks in a one-line field', () => {
		const form = createForm(fields);
		const typed = run(
			form,
			{ type: 'insert', text: 'hllo' },
			{ type: 'move', to: 'home' },
			{ type: 'move', to: 'right' },
			{ type: 'insert', text: 'e' },
			{ type: 'move', to: 'end' },
			{ type: 'insert', text: '\x1b[31m!\r\n' },
			{ type: 'newline' },
		);
		expect(typed.values.name).toBe('hello[31m!');
		expect(run(typed, { type: 'backspace' }).values.name).toBe('hello[31m');
	});

	it('keeps line breaks in a lines field, typed or pasted', () => {
		const form = createForm(fields, {}, 'lines');
		const typed = run(
			form,
			{ type: 'insert', text: 'a' },
			{ type: 'newline' },
			{ type: 'insert', text: 'b\r\nc\rd' },
		);
		expect(typed.values.lines).toBe('a\nb\nc\nd');
		expect(typed.cursor).toBe(7);
		expect(run(typed, { type: 'backspace' }, { type: 'backspace' }).values.lines).toBe('a\nb\nc');
	});

	it('steps a choice with the arrows or space, and picks one by its first letter', () => {
		const form = createForm(fields, {}, 'pick');
		expect(run(form, { type: 'move', to: 'right' }).values.pick).toBe('url');
		expect(run(form, { type: 'move', to: 'left' }).values.pick).toBe('url');
		expect(run(form, { type: 'insert', text: ' ' }, { type: 'insert', text: ' ' }).values.pick).toBe('name');
		expect(run(form, { type: 'insert', text: 'U' }).values.pick).toBe('url');
		expect(run(form, { type: 'insert', text: 'z' })).toBe(form);
		expect(run(form, { type: 'backspace' })).toBe(form);
	});

	it('sets values from outside and remembers a tried submit', () => {
		const form = run(createForm(fields), { type: 'set', id: 'name', value: 'xy' }, { type: 'submitted' });
		expect(form).toMatchObject({ values: { name: 'xy' }, cursor: 2, submitted: true });
	});

	it('numbers the non-empty lines as they are shown', () => {
		expect(numberedLines('a\n\n  b  \n')).toEqual([
			{ text: 'a', number: 1 },
			{ text: 'b', number: 3 },
		]);
	});
});

describe('the form view', () => {
	it('shows an error once the field has a value, or once a send was tried', () => {
		const form = createForm(fields, { name: 'x' });
		const errors = { name: 'bad name', lines: 'give lines' };
		expect(shownErrors(form, errors)).toEqual({ name: 'bad name' });
		expect(shownErrors(run(form, { type: 'submitted' }), errors)).toEqual(errors);
	});

	it('cuts a line around the cursor and sanitises it', () => {
		expect(lineView([...'abcdef'], 6, 4)).toEqual({ before: 'def', at: ' ', after: '' });
		expect(lineView([...'abcdef'], 1, 4)).toEqual({ before: 'a', at: 'b', after: 'cd' });
		expect(lineView([...'a\x1bb'], undefined, 10)).toEqual({ before: 'a\\x1bb', at: undefined, after: '' });
	});

	it('lays out a row per line, at most four, the error right below, and scrolls to the focused field', () => {
		const form = createForm(fields, { lines: '1\n2\n3\n4\n5\n6' }, 'name');
		const rows = formRows(form, { lines: 'too many' }, 20);
		expect(rows.map((r) => [r.label, r.kind])).toEqual([
			['name', 'value'],
			['lines', 'value'],
			['', 'value'],
			['', 'value'],
			['', 'value'],
			['', 'more'],
			['', 'error'],
			['pick', 'value'],
		]);
		// The focused empty field: the cursor on the placeholder's first character, the rest after it.
		expect(rows[0]!.line).toEqual({ before: '', at: 'a', after: '' });
		expect(rows[0]!.hint).toBe(' name');
		expect(rows[5]!.text).toBe('… 2 more lines');
		expect(rows[7]!.text).toBe('[name]  url ');
		expect(formScroll(rows, 0, 3)).toBe(0);
		expect(formScroll(rows, 2, 3)).toBe(5);
		expect(formScroll(rows, 2, 20)).toBe(0);
	});
});
