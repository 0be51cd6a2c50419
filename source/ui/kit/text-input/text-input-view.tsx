import { Text } from 'ink';
import { useRef, useState } from 'react';
import { sanitize } from '../../../text/sanitize.js';
import { bindingsIn } from '../../keys/bind.js';
import { commands } from '../../keys/commands.js';
import { priorities } from '../../keys/dispatcher.js';
import { useCommands } from '../../keys/use-keys.js';
import { type TextInputAction, textEditOf, textInputReducer } from './text-input-state.js';

/** A text field takes every key first: Enter applies, Esc cancels, the rest is typed. */
const key = bindingsIn('input');
export const textInputBindings = [
	key('input.submit', 'enter', 'apply', { hint: 'apply' }),
	key('input.cancel', 'esc', 'cancel', { hint: 'cancel' }),
] as const;

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
	const [state, setState] = useState(() => ({ value: initial, cursor: [...initial].length }));
	// Keys are handled against the value as typed so far, not as last drawn: Enter right after
	// the last character submits it too.
	const typed = useRef(state);
	const dispatch = (action: TextInputAction) => {
		const next = textInputReducer(typed.current, action);
		if (next === typed.current) return;
		typed.current = next;
		setState(next);
	};
	useCommands(
		commands(textInputBindings, 'input', {
			'input.submit': () => props.onSubmit(typed.current.value),
			'input.cancel': () => props.onCancel(),
		}),
		priorities.input,
		{
			rest: (event) => {
				if (event.name === 'ctrl+c') return false;
				const edit = textEditOf(event);
				if (edit) dispatch(edit);
				return true;
			},
		},
	);
	const chars = [...state.value];
	const before = sanitize(chars.slice(0, state.cursor).join(''));
	const at = chars[state.cursor] ?? ' ';
	const after = sanitize(chars.slice(state.cursor + 1).join(''));
	return (
		<Text>
			<Text bold>{props.label} </Text>
			{state.value === '' && props.placeholder ? (
				// The cursor sits on the placeholder's first character, as in ink-text-input.
				<>
					<Text inverse>{props.placeholder.slice(0, 1)}</Text>
					<Text dimColor>{props.placeholder.slice(1)}</Text>
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
