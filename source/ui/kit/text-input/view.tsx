import { Text } from 'ink';
import { useReducer } from 'react';
import { sanitize } from '../../../text/sanitize.js';
import { commandFor } from '../../keys/bindings.js';
import { priorities } from '../../keys/dispatcher.js';
import { useKeys } from '../../keys/use-keys.js';

export interface TextInputState {
	value: string;
	/** Insertion point, in code points. */
	cursor: number;
}

export type TextInputAction =
	| { type: 'insert'; text: string }
	| { type: 'backspace' }
	| { type: 'move'; to: 'left' | 'right' | 'home' | 'end' };

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

export interface TextInputProps {
	label: string;
	initial?: string;
	placeholder?: string;
	onSubmit: (value: string) => void;
	onCancel: () => void;
}

/** A one-line text field. While shown it takes every key before any other binding. */
export function TextInput(props: TextInputProps) {
	const initial = props.initial ?? '';
	const [state, dispatch] = useReducer(textInputReducer, { value: initial, cursor: [...initial].length });
	useKeys(priorities.input, (event) => {
		const command = commandFor('input', event.name);
		if (command === 'input.submit') props.onSubmit(state.value);
		else if (command === 'input.cancel') props.onCancel();
		else if (event.name === 'ctrl+c') return false;
		// Terminals send DEL (0x7f) for the Backspace key and Ink names it `delete`; like
		// ink-text-input, both erase backwards.
		else if (event.name === 'backspace' || event.name === 'delete') dispatch({ type: 'backspace' });
		else if (event.name === 'left' || event.name === 'right' || event.name === 'home' || event.name === 'end')
			dispatch({ type: 'move', to: event.name });
		else if (!event.key.ctrl && !event.key.meta && event.input)
			dispatch({ type: 'insert', text: event.input });
		return true;
	});
	const chars = [...state.value];
	const before = sanitize(chars.slice(0, state.cursor).join(''));
	const at = chars[state.cursor] ?? ' ';
	const after = sanitize(chars.slice(state.cursor + 1).join(''));
	return (
		<Text>
			<Text bold>{props.label} </Text>
			{state.value === '' && props.placeholder ? (
				<>
					<Text inverse> </Text>
					<Text dimColor>{props.placeholder}</Text>
				</>
			) : (
				<>
					{before}
					<Text inverse>{sanitize(at)}</Text>
					{after}
				</>
			)}
		</Text>
	);
}
