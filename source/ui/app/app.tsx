import { Box, useApp } from 'ink';
import { useMemo } from 'react';
import { useRuntime, useUi } from '../contract/context.js';
import { paneIds } from '../contract/panes.js';
import { visibleEndpoints } from '../data/plan.js';
import { priorities } from '../keys/dispatcher.js';
import { useCommands } from '../keys/use-keys.js';
import { useTerminalSize } from '../kit/hooks/use-terminal-size.js';
import { Header, Help, KeyLine, StatusLine, Tabs, useStatus } from './chrome.js';
import { Pane } from './pane.js';

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
	const visible = useMemo(() => visibleEndpoints(ui), [ui]);
	const { statuses } = useStatus(visible);
	const failing = Math.min(2, statuses.filter((s) => s.kind === 'error').length);
	const height = Math.max(6, rows - 1);
	const width = Math.max(20, columns);
	const bodyHeight = Math.max(1, height - 4 - failing);
	const dispatch = runtime.ui.dispatch;

	useCommands('global', priorities.global, {
		'app.quit': () => exit(),
		'pane.next': () => dispatch({ type: 'pane/next' }),
		'pane.previous': () => dispatch({ type: 'pane/previous' }),
		'pane.1': () => dispatch({ type: 'pane/show', pane: paneIds[0] }),
		'pane.2': () => dispatch({ type: 'pane/show', pane: paneIds[1] }),
		'pane.3': () => dispatch({ type: 'pane/show', pane: paneIds[2] }),
		'pane.4': () => dispatch({ type: 'pane/show', pane: paneIds[3] }),
		'pane.5': () => dispatch({ type: 'pane/show', pane: paneIds[4] }),
		'pane.6': () => dispatch({ type: 'pane/show', pane: paneIds[5] }),
		'pane.7': () => dispatch({ type: 'pane/show', pane: paneIds[6] }),
		'pane.8': () => dispatch({ type: 'pane/show', pane: paneIds[7] }),
		'help.toggle': () => dispatch({ type: 'help/toggle' }),
		'data.refresh': () => runtime.scheduler.refresh(),
		'data.freeze': () => dispatch({ type: 'freeze/toggle' }),
		'period.longer': () => dispatch({ type: 'period/longer' }),
		'period.shorter': () => dispatch({ type: 'period/shorter' }),
	});
	useCommands(
		'help',
		priorities.overlay,
		{ 'help.toggle': () => dispatch({ type: 'help/toggle' }) },
		ui.help,
	);

	return (
		<Box flexDirection="column" width={width} height={height} overflowY="hidden">
			<Header />
			<Tabs width={width} />
			<Box height={bodyHeight} width={width} flexDirection="column" overflowY="hidden">
				{ui.help ? (
					<Help width={width} height={bodyHeight} />
				) : (
					<Pane pane={ui.pane} width={width} height={bodyHeight} />
				)}
			</Box>
			<StatusLine visible={visible} width={width} />
			<KeyLine />
		</Box>
	);
}
