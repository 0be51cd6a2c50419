import { Box, Text, useApp } from 'ink';
import { useSyncExternalStore } from 'react';
import { truncate } from '../../format/text.js';
import { sanitize } from '../../text/sanitize.js';
import { useRuntime } from '../contract/context.js';
import type { ReducerStore } from '../data/store.js';
import { bindingsIn } from '../keys/bind.js';
import { commands } from '../keys/commands.js';
import { priorities } from '../keys/dispatcher.js';
import { useCommands } from '../keys/use-keys.js';
import { textEditOf } from '../kit/text-input/text-input-state.js';
import { useTheme } from '../theme/theme.js';
import type { CommandLineAction, CommandLineState } from './command-line-state.js';
import { completions, resolveCommand } from './commands.js';

/** The command line takes every key while open; these are the ones that are not typed. */
const key = bindingsIn('command');
export const commandLineBindings = [
	key('command.run', 'enter', 'go', { hint: 'go' }),
	key('command.complete', 'tab', 'complete the name', { hint: 'complete' }),
	key('command.previous', 'up', 'an earlier command', { hint: { keys: '↑↓', label: 'history' } }),
	key('command.next', 'down', 'a later command'),
	key('command.cancel', 'esc', 'close', { hint: 'close' }),
] as const;

/**
 * `:` and a name: the view it names is shown on Enter. The rest of the name the first match
 * would give is shown dimmed; Tab takes it (or what all matches share, and lists them).
 */
export function CommandLine(props: {
	store: ReducerStore<CommandLineState, CommandLineAction>;
	width: number;
}) {
	const runtime = useRuntime();
	const { exit } = useApp();
	const theme = useTheme();
	const { store } = props;
	const state = useSyncExternalStore(store.subscribe, store.getSnapshot);
	const dispatch = runtime.ui.dispatch;
	const close = () => {
		store.dispatch({ type: 'clear' });
		dispatch({ type: 'command/close' });
	};
	const run = () => {
		const typed = store.getSnapshot().input.value;
		if (!typed.trim()) return close();
		const found = resolveCommand(runtime.panes, typed);
		if ('error' in found) return store.dispatch({ type: 'failed', text: found.error });
		store.dispatch({ type: 'ran', command: typed });
		dispatch({ type: 'command/close' });
		const { target } = found;
		if (target.kind === 'quit') exit();
		else if (target.kind === 'pane') runtime.show(target.pane, target.request);
		else if (target.overlay === 'help' && !runtime.ui.getSnapshot().help) dispatch({ type: 'help/toggle' });
		else if (target.overlay === 'health' && !runtime.ui.getSnapshot().health)
			dispatch({ type: 'health/toggle' });
	};
	useCommands(
		commands(commandLineBindings, 'command', {
			'command.run': run,
			'command.cancel': close,
			'command.complete': () =>
				store.dispatch({
					type: 'complete',
					candidates: completions(runtime.panes, store.getSnapshot().input.value),
				}),
			'command.previous': () => store.dispatch({ type: 'recall', step: -1 }),
			'command.next': () => store.dispatch({ type: 'recall', step: 1 }),
		}),
		priorities.input,
		{
			rest: (event) => {
				if (event.name === 'ctrl+c') return false;
				const edit = textEditOf(event);
				// Backspace on an empty line closes it, as in k9s and vim.
				if (edit?.type === 'backspace' && store.getSnapshot().input.value === '') close();
				else if (edit) store.dispatch(edit);
				return true;
			},
		},
	);

	const chars = [...state.input.value];
	const atEnd = state.input.cursor === chars.length;
	const first = state.input.value.trim() ? completions(runtime.panes, state.input.value)[0] : undefined;
	const ghost = atEnd && first ? first.slice(state.input.value.trim().length) : '';
	const before = sanitize(chars.slice(0, state.input.cursor).join(''));
	const under = sanitize(chars[state.input.cursor] ?? ghost.slice(0, 1) ?? ' ') || ' ';
	const after = sanitize(chars.slice(state.input.cursor + 1).join(''));
	const rest = atEnd ? ghost.slice(1) : '';
	const used = 1 + chars.length + Math.max(1, ghost.length) + 2;
	const message = state.message;
	return (
		<Box height={1} width={props.width} flexShrink={0} overflowY="hidden">
			<Text wrap="truncate-end">
				<Text bold color={theme.color('accent')}>
					:
				</Text>
				{before}
				<Text inverse>{under}</Text>
				{after}
				<Text dimColor>{rest}</Text>
				{message ? (
					<Text
						color={message.kind === 'error' ? theme.color('error') : undefined}
						dimColor={message.kind !== 'error'}
					>
						{'  '}
						{truncate(message.text, Math.max(10, props.width - used))}
					</Text>
				) : null}
			</Text>
		</Box>
	);
}
