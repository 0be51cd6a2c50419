import { Box, useApp } from 'ink';
import { useMemo, useState, useSyncExternalStore } from 'react';
import { useRuntime, useUi } from '../contract/context.js';
import { ReducerStore } from '../data/store.js';
import { type CommandHandlers, commands } from '../keys/commands.js';
import { priorities } from '../keys/dispatcher.js';
import { useCommands } from '../keys/use-keys.js';
import { useTerminalSize } from '../kit/hooks/use-terminal-size.js';
import { helpCloseBindings, shellBindings } from './bindings.js';
import { CommandLine } from './command-line.js';
import { commandLineReducer, initialCommandLine } from './command-line-state.js';
import { Header } from './header.js';
import { HealthOverlay } from './health.js';
import { Help } from './help.js';
import { KeyLine } from './key-line.js';
import { Pane } from './pane.js';
import { numbered, tabPanes } from './panes.js';
import { faultLines, StatusLine, useFaults, useStatus, visibleEndpoints } from './status-line.js';
import { Tabs } from './tabs.js';

/**
 * The whole screen, never taller than the terminal: header, tabs, the pane, status and keys.
 * One line is left free at the bottom, because Ink redraws the whole screen on every frame
 * once its output reaches the terminal's height.
 */
export function App() {
	const { columns, rows } = useTerminalSize();
	const runtime = useRuntime();
	const ui = useUi();
	const { exit } = useApp();
	const pane = runtime.pane(ui.pane).store;
	// What the status line reports follows the pane's own state too (an index id, a listing refused).
	const paneState = useSyncExternalStore(pane.subscribe, pane.getSnapshot);
	// biome-ignore lint/correctness/useExhaustiveDependencies: paneState is read through the runtime
	const visible = useMemo(() => visibleEndpoints(runtime, ui), [runtime, ui, paneState]);
	const { statuses } = useStatus(visible);
	// The status line has a line of its own per failing API, for a bug of mqtop's own and for a problem of the machine.
	const errorLines = Math.min(2, statuses.filter((s) => s.kind === 'error').length) + faultLines(useFaults());
	const height = Math.max(6, rows - 1);
	const width = Math.max(20, columns);
	const bodyHeight = Math.max(1, height - 4 - errorLines);
	const dispatch = runtime.ui.dispatch;
	// The command line's history lives as long as the monitor does.
	const [commandLine] = useState(() => new ReducerStore(commandLineReducer, initialCommandLine));
	const order = () => tabPanes(runtime.panes, runtime.ui.getSnapshot().pane).map((p) => p.id);

	const shell = useMemo(() => shellBindings(runtime.panes), [runtime.panes]);
	useCommands(
		commands(shell, 'global', {
			'app.quit': () => exit(),
			'pane.next': () => dispatch({ type: 'pane/next', order: order() }),
			'pane.previous': () => dispatch({ type: 'pane/previous', order: order() }),
			...(Object.fromEntries(
				numbered(runtime.panes).map((pane, i) => [
					`pane.${i + 1}`,
					() => dispatch({ type: 'pane/show', pane: pane.id }),
				]),
			) as CommandHandlers<`pane.${number}`>),
			'help.toggle': () => dispatch({ type: 'help/toggle' }),
			'health.toggle': () => dispatch({ type: 'health/toggle' }),
			'command.open': () => dispatch({ type: 'command/open' }),
			'data.refresh': () => runtime.scheduler.refresh(),
			'data.freeze': () => dispatch({ type: 'freeze/toggle' }),
			'period.longer': () => dispatch({ type: 'period/longer' }),
			'period.shorter': () => dispatch({ type: 'period/shorter' }),
		}),
		priorities.global,
	);
	useCommands(
		commands(helpCloseBindings, 'help', { 'help.toggle': () => dispatch({ type: 'help/toggle' }) }),
		priorities.overlay,
		{ active: ui.help },
	);
	useCommands(
		commands(shell, 'health', { 'health.toggle': () => dispatch({ type: 'health/toggle' }) }),
		priorities.overlay,
		{ active: ui.health },
	);

	return (
		<Box flexDirection="column" width={width} height={height} overflowY="hidden">
			<Header width={width} />
			<Tabs width={width} />
			<Box height={bodyHeight} width={width} flexDirection="column" overflowY="hidden">
				{ui.help ? (
					<Help width={width} height={bodyHeight} />
				) : ui.health ? (
					<HealthOverlay width={width} height={bodyHeight} />
				) : (
					<Pane key={ui.pane} pane={ui.pane} width={width} height={bodyHeight} />
				)}
			</Box>
			{ui.command ? <CommandLine store={commandLine} width={width} /> : null}
			<StatusLine visible={visible} width={width} hidden={ui.command} />
			<KeyLine width={width} />
		</Box>
	);
}
