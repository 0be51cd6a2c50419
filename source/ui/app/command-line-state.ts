/**
 * The `:` command line, as k9s has it: a name typed with completion (Tab), earlier commands
 * recalled with ↑ and ↓, and a word on what went wrong. A pure reducer; the history lives on
 * while the monitor runs.
 */
import {
	type TextInputAction,
	type TextInputState,
	textInputReducer,
} from '../kit/text-input/text-input-state.js';

export interface CommandLineState {
	input: TextInputState;
	/** Commands that went somewhere, oldest first. */
	history: readonly string[];
	/** The entry of `history` shown while browsing it; undefined while typing. */
	recalled: number | undefined;
	/** What the last Enter or Tab had to say: no such name, or the names that complete it. */
	message: { kind: 'error' | 'choices'; text: string } | undefined;
}

export type CommandLineAction =
	| TextInputAction
	| { type: 'clear' }
	/** Tab, with what the typed text could complete to (one name per view it could mean). */
	| { type: 'complete'; candidates: readonly string[] }
	| { type: 'recall'; step: -1 | 1 }
	| { type: 'ran'; command: string }
	/** Enter on what goes nowhere: the line is emptied, and `text` says why. */
	| { type: 'failed'; text: string };

export const maxHistory = 50;

export const initialCommandLine: CommandLineState = {
	input: { value: '', cursor: 0 },
	history: [],
	recalled: undefined,
	message: undefined,
};

const at = (value: string): TextInputState => ({ value, cursor: [...value].length });

/** The longest start all of `names` share. */
export function commonPrefix(names: readonly string[]): string {
	if (names.length === 0) return '';
	let prefix = names[0]!;
	for (const name of names) while (!name.startsWith(prefix)) prefix = prefix.slice(0, -1);
	return prefix;
}

export function commandLineReducer(state: CommandLineState, action: CommandLineAction): CommandLineState {
	switch (action.type) {
		case 'insert':
		case 'backspace':
		case 'clear-before':
		case 'delete-word':
		case 'move': {
			const input = textInputReducer(state.input, action);
			if (input === state.input) return state;
			// Typing leaves the history and whatever the last key said.
			return { ...state, input, recalled: undefined, message: undefined };
		}
		case 'clear':
			return { ...state, input: at(''), recalled: undefined, message: undefined };
		case 'complete': {
			const found = action.candidates;
			if (found.length === 0) return { ...state, message: { kind: 'error', text: 'no name starts so' } };
			const prefix = found.length === 1 ? found[0]! : commonPrefix(found);
			const value = prefix.length > state.input.value.trim().length ? prefix : state.input.value;
			return {
				...state,
				input: at(value),
				recalled: undefined,
				message: found.length > 1 ? { kind: 'choices', text: found.join('  ') } : undefined,
			};
		}
		case 'recall': {
			const { history } = state;
			if (history.length === 0) return state;
			const from = state.recalled ?? history.length;
			const index = Math.max(0, Math.min(history.length, from + action.step));
			if (index === history.length)
				return { ...state, input: at(''), recalled: undefined, message: undefined };
			return { ...state, input: at(history[index]!), recalled: index, message: undefined };
		}
		case 'ran': {
			const command = action.command.trim();
			const history = state.history.at(-1) === command ? state.history : [...state.history, command];
			return { ...initialCommandLine, history: history.slice(-maxHistory) };
		}
		case 'failed':
			// The line is emptied for the next name, which would otherwise be typed after this one; the
			// message says what was wrong with it.
			return { ...state, input: at(''), recalled: undefined, message: { kind: 'error', text: action.text } };
	}
}
