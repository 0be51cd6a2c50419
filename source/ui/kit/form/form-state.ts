/**
 * A form as a pure reducer: fields, their values, which one has the focus and where the
 * cursor is in it. Checking the values is the owner's business (the parsers of source/api);
 * the form only edits text, so the same reducer serves every form of the monitor.
 */
import { textInputReducer } from '../text-input/text-input-state.js';

/** `text`: one line; `lines`: several (Enter breaks a line); `choice`: one of `choices`. */
export type FieldKind = 'text' | 'lines' | 'choice';

export interface FieldSpec<Id extends string = string> {
	id: Id;
	label: string;
	kind?: FieldKind;
	choices?: readonly string[];
	/** Shown dim while the field is empty. */
	placeholder?: string;
}

/**
 * What Enter (and ctrl-s) does with a form, which its keys say: `send` it to the service (an
 * edit, off in read-only mode), `add` what was typed to a list, `load` a file, `apply` a filter.
 */
export type FormPurpose = 'send' | 'add' | 'load' | 'apply';

export interface FormState<Id extends string = string> {
	fields: readonly FieldSpec<Id>[];
	/** Absent: `send`. */
	purpose?: FormPurpose;
	values: Readonly<Record<Id, string>>;
	/** Index of the focused field. */
	focus: number;
	/** Insertion point in the focused field, in code points. */
	cursor: number;
	/** A submit was tried: required fields left empty now say so too. */
	submitted: boolean;
}

export type FormAction<Id extends string = string> =
	/** Next (1) or previous (-1) field, wrapping around. */
	| { type: 'focus/move'; delta: number }
	| { type: 'focus/field'; id: Id }
	/** Typed or pasted text: line breaks are kept in a `lines` field, dropped elsewhere. */
	| { type: 'insert'; text: string }
	| { type: 'newline' }
	| { type: 'backspace' }
	/** Ctrl-U and Ctrl-W: the line, or the word, before the insertion point goes. */
	| { type: 'clear-before' }
	| { type: 'delete-word' }
	| { type: 'move'; to: 'left' | 'right' | 'home' | 'end' }
	| { type: 'set'; id: Id; value: string }
	| { type: 'submitted' };

export function createForm<Id extends string>(
	fields: readonly FieldSpec<Id>[],
	values: Partial<Record<Id, string>> = {},
	focus?: Id,
	purpose: FormPurpose = 'send',
): FormState<Id> {
	const all = Object.fromEntries(
		fields.map((f) => [f.id, values[f.id] ?? (f.kind === 'choice' ? (f.choices?.[0] ?? '') : '')]),
	) as Record<Id, string>;
	const index = Math.max(0, focus === undefined ? 0 : fields.findIndex((f) => f.id === focus));
	return {
		fields,
		values: all,
		focus: index,
		cursor: length(all[fields[index]!.id]),
		submitted: false,
		...(purpose === 'send' ? {} : { purpose }),
	};
}

export function focusedField<Id extends string>(state: FormState<Id>): FieldSpec<Id> {
	return state.fields[state.focus]!;
}

/** The key scopes of forms: one per purpose (`form` sends), each with its multi-line variant. */
export const formScopes = [
	'form',
	'form.lines',
	'form.add',
	'form.add.lines',
	'form.load',
	'form.load.lines',
	'form.apply',
	'form.apply.lines',
] as const;
export type FormScope = (typeof formScopes)[number];

/**
 * The key scope of a form: Enter does what the form is for from a one-line field and breaks
 * the line in a multi-line one, so the key line and the help say what Enter does where the
 * cursor is.
 */
export function formScope(state: FormState): FormScope {
	const base = !state.purpose || state.purpose === 'send' ? 'form' : (`form.${state.purpose}` as const);
	return focusedField(state).kind === 'lines' ? `${base}.lines` : base;
}

function length(text: string | undefined): number {
	return [...(text ?? '')].length;
}

function withFocus<Id extends string>(state: FormState<Id>, focus: number): FormState<Id> {
	if (focus === state.focus) return state;
	return { ...state, focus, cursor: length(state.values[state.fields[focus]!.id]) };
}

function edit<Id extends string>(
	state: FormState<Id>,
	change: (text: { value: string; cursor: number }) => { value: string; cursor: number },
): FormState<Id> {
	const { id } = focusedField(state);
	const before = { value: state.values[id], cursor: state.cursor };
	const after = change(before);
	if (after === before || (after.value === before.value && after.cursor === before.cursor)) return state;
	return { ...state, values: { ...state.values, [id]: after.value }, cursor: after.cursor };
}

/** A choice field steps through its choices; typing a letter picks the first choice starting with it. */
function choose<Id extends string>(
	state: FormState<Id>,
	pick: (choices: readonly string[], at: number) => number,
) {
	const field = focusedField(state);
	const choices = field.choices ?? [];
	if (choices.length === 0) return state;
	const at = Math.max(0, choices.indexOf(state.values[field.id]));
	const next = pick(choices, at);
	if (next < 0 || next === at) return state;
	return { ...state, values: { ...state.values, [field.id]: choices[next]! }, cursor: 0 };
}

export function formReducer<Id extends string>(state: FormState<Id>, action: FormAction<Id>): FormState<Id> {
	const field = focusedField(state);
	const kind = field.kind ?? 'text';
	switch (action.type) {
		case 'focus/move': {
			const count = state.fields.length;
			return withFocus(state, (((state.focus + action.delta) % count) + count) % count);
		}
		case 'focus/field': {
			const index = state.fields.findIndex((f) => f.id === action.id);
			return index < 0 ? state : withFocus(state, index);
		}
		case 'insert': {
			if (kind === 'choice') {
				if (action.text === ' ') return choose(state, (c, at) => (at + 1) % c.length);
				const letter = action.text.toLowerCase();
				return choose(state, (c) => c.findIndex((choice) => choice.toLowerCase().startsWith(letter)));
			}
			const pieces = action.text.replace(/\r\n?/g, '\n').split('\n');
			return edit(state, (text) =>
				pieces.reduce((acc, piece, i) => {
					const broken =
						i > 0 && kind === 'lines'
							? { value: insertAt(acc.value, acc.cursor, '\n'), cursor: acc.cursor + 1 }
							: acc;
					return textInputReducer(broken, { type: 'insert', text: piece });
				}, text),
			);
		}
		case 'newline':
			if (kind !== 'lines') return state;
			return edit(state, (text) => ({
				value: insertAt(text.value, text.cursor, '\n'),
				cursor: text.cursor + 1,
			}));
		case 'backspace':
		case 'clear-before':
		case 'delete-word':
			return kind === 'choice' ? state : edit(state, (text) => textInputReducer(text, action));
		case 'move':
			if (kind === 'choice') {
				if (action.to === 'left') return choose(state, (c, at) => (at - 1 + c.length) % c.length);
				if (action.to === 'right') return choose(state, (c, at) => (at + 1) % c.length);
				return state;
			}
			return edit(state, (text) => textInputReducer(text, action));
		case 'set': {
			if (state.values[action.id] === action.value) return state;
			const values = { ...state.values, [action.id]: action.value };
			return { ...state, values, cursor: action.id === field.id ? length(action.value) : state.cursor };
		}
		case 'submitted':
			return state.submitted ? state : { ...state, submitted: true };
	}
}

function insertAt(value: string, cursor: number, text: string): string {
	const chars = [...value];
	chars.splice(cursor, 0, text);
	return chars.join('');
}

/** The value's lines as a `lines` field holds them: trimmed, empty ones left out. */
export function valueLines(value: string): string[] {
	return numberedLines(value).map((l) => l.text);
}

/** The non-empty lines, trimmed, each with its line number as shown (1-based, empty lines counted). */
export function numberedLines(value: string): { text: string; number: number }[] {
	return value
		.split('\n')
		.map((line, i) => ({ text: line.trim(), number: i + 1 }))
		.filter((l) => l.text !== '');
}
