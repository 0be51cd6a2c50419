/** A one-line text field as a pure reducer: its value and the insertion point. */
export interface TextInputState {
	value: string;
	/** Insertion point, in code points. */
	cursor: number;
}

export type TextInputAction =
	| { type: 'insert'; text: string }
	| { type: 'backspace' }
	/** Ctrl-U: the line before the insertion point goes (all of a prefilled field, the point at its end). */
	| { type: 'clear-before' }
	/** Ctrl-W: the word before the insertion point goes, with the spaces after it. */
	| { type: 'delete-word' }
	| { type: 'move'; to: 'left' | 'right' | 'home' | 'end' };

/**
 * The edit a key makes in a text field: typed text, Backspace, Ctrl-U and Ctrl-W as in a shell
 * (a prefilled field is cleared with Ctrl-U), a move; none for any other key. Terminals send
 * DEL (0x7f) for the Backspace key and Ink names it `delete`; like ink-text-input, both erase
 * backwards.
 */
export function textEditOf(event: {
	name: string;
	input: string;
	key: { ctrl: boolean; meta: boolean };
}): TextInputAction | undefined {
	const { name } = event;
	if (name === 'backspace' || name === 'delete') return { type: 'backspace' };
	if (name === 'ctrl+u') return { type: 'clear-before' };
	if (name === 'ctrl+w') return { type: 'delete-word' };
	if (name === 'left' || name === 'right' || name === 'home' || name === 'end')
		return { type: 'move', to: name };
	if (!event.key.ctrl && !event.key.meta && event.input) return { type: 'insert', text: event.input };
	return undefined;
}

// Control characters from a paste are dropped: an id never contains them.
const control = /[\u0000-\u001f\u007f-\u009f]/g;

export function textInputReducer(state: TextInputState, action: TextInputAction): TextInputState {
	const chars = [...state.value];
	switch (action.type) {
		case 'insert': {
			const text = [...action.text.replace(control, '')];
			if (text.length === 0) return state;
			chars.splice(state.cursor, 0, ...text);
			return { value: chars.join(''), cursor: state.cursor + text.length };
		}
		case 'backspace':
			if (state.cursor === 0) return state;
			chars.splice(state.cursor - 1, 1);
			return { value: chars.join(''), cursor: state.cursor - 1 };
		case 'clear-before': {
			if (state.cursor === 0) return state;
			// Back to the start of the line the point is on (a field of several lines keeps the others).
			const start = chars.lastIndexOf('\n', state.cursor - 1) + 1;
			if (start === state.cursor) return state;
			chars.splice(start, state.cursor - start);
			return { value: chars.join(''), cursor: start };
		}
		case 'delete-word': {
			let start = state.cursor;
			while (start > 0 && /\s/.test(chars[start - 1]!)) start--;
			while (start > 0 && !/\s/.test(chars[start - 1]!)) start--;
			if (start === state.cursor) return state;
			chars.splice(start, state.cursor - start);
			return { value: chars.join(''), cursor: start };
		}
		case 'move': {
			const to = {
				left: Math.max(0, state.cursor - 1),
				right: Math.min(chars.length, state.cursor + 1),
				home: 0,
				end: chars.length,
			}[action.to];
			return to === state.cursor ? state : { ...state, cursor: to };
		}
	}
}
