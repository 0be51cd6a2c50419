import { Text } from 'ink';
import { useMemo } from 'react';
import { sanitize } from '../../../text/sanitize.js';
import { usePane, useUi } from '../../contract/context.js';
import type { PaneViewProps } from '../../contract/pane.js';
import { FilteredListScreen, pagingText, useListRows } from '../../kit/filtered-list/screen.js';
import { useNow } from '../../kit/hooks/use-now.js';
import { PromptLine } from '../../kit/prompt-line/prompt-line-view.js';
import { useTheme } from '../../theme/theme.js';
import type { LogsController } from './controller.js';
import { logColumns, logDetail, stateTone } from './logs-model.js';
import { isFollowing, type LogsAction, type LogsState } from './logs-state.js';

/** The delivery logs, newest first, filtered by the service; follows new entries until you move. */
export function LogsView(props: PaneViewProps) {
	const { width } = props;
	const ui = useUi();
	const theme = useTheme();
	const { state, controller } = usePane<LogsState, LogsAction, LogsController>();
	const now = useNow(60_000, !ui.frozen);
	const page = controller.list.page();
	const lines = page?.logs;
	const columns = useMemo(() => logColumns(now), [now]);
	const selected = useListRows(controller.list, logDetail, props, columns);

	const hint = (
		<Text dimColor wrap="truncate-end">
			m its message · d its dead letter · c its callbacks · F filters · / narrows · o sorts · enter opens
		</Text>
	);
	const count = lines?.length ?? 0;
	const following = isFollowing(state);
	const paging = pagingText(controller.list, { page: ' (older)', next: 'older', previous: 'newer' });
	return (
		<FilteredListScreen
			list={controller.list}
			size={props}
			formTitle="Filter the delivery logs"
			heading={[
				{ text: page ? `${count} log entr${count === 1 ? 'y' : 'ies'}` : 'Delivery logs', bold: true },
				{
					text: following ? ' · following the newest' : ' · paused (g follows the newest again)',
					tone: following ? 'ok' : 'warn',
				},
				{ text: `${paging}${controller.path() === '/v2/events' ? ' · from /v2/events' : ''}`, dim: true },
			]}
			prompt={<PromptLine width={width} notice={state.notice} hint={hint} />}
			empty="No delivery logs yet: they appear as messages are published and delivered."
			columns={columns}
			selected={selected}
			detailTitle={(line) => (
				<>
					Log entry of {sanitize(line.messageId)}{' '}
					<Text color={theme.color(stateTone(line.state))}>{sanitize(line.state ?? '')}</Text>
				</>
			)}
		/>
	);
}
