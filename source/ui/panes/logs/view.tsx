import { Box, Text } from 'ink';
import { type ReactNode, useMemo } from 'react';
import { describeFilter, isFiltered } from '../../../api/filter-settings.js';
import { formatClock } from '../../../format/time.js';
import { sanitize } from '../../../text/sanitize.js';
import { usePane, usePolls, useUi } from '../../contract/context.js';
import type { PaneViewProps } from '../../contract/pane.js';
import { entryOf } from '../../data/poll-store.js';
import { priorities } from '../../keys/dispatcher.js';
import { useCommands } from '../../keys/use-keys.js';
import { DetailScreen, detailScreenHeight, detailScrolls } from '../../kit/detail-view/view.js';
import { EndpointState } from '../../kit/endpoint-state/view.js';
import { FilterFormView } from '../../kit/filtered-list/view.js';
import { useNow } from '../../kit/hooks/use-now.js';
import { LiveLine } from '../../kit/live-line/view.js';
import { PromptLine } from '../../kit/prompt-line/view.js';
import { Table } from '../../kit/table/view.js';
import { tailNavigation } from '../../kit/tail-list/navigation.js';
import { selectedIndex } from '../../kit/tail-list/selection.js';
import { useTheme } from '../../theme/theme.js';
import type { LogsController } from './controller.js';
import { logPageEndpoint } from './endpoints.js';
import { logColumns, logDetail, rowKeys, stateTone } from './model.js';
import { isFollowing, type LogsAction, type LogsState } from './state.js';

/** The delivery logs, newest first, filtered by the service; follows new entries until you move. */
export function LogsView(props: PaneViewProps) {
	const { width, height } = props;
	const ui = useUi();
	const polls = usePolls();
	const theme = useTheme();
	const { state, dispatch, store, controller } = usePane<LogsState, LogsAction, LogsController>();
	const now = useNow(60_000, !ui.frozen);
	const page = controller.list.page();
	const lines = page?.logs ?? [];
	const keys = useMemo(() => rowKeys(lines), [lines]);
	const index = selectedIndex(keys, state.selected);
	const current = lines[index];
	const listHeight = Math.max(1, height - 3);
	const columns = useMemo(() => logColumns(now), [now]);
	const detailLines = useMemo(
		() => (state.detail && current ? logDetail(current, width) : []),
		[state.detail, current, width],
	);
	const scrolls = detailScrolls(detailLines.length, detailScreenHeight(height));

	useCommands(
		'logs',
		priorities.pane,
		{
			...tailNavigation({ list: store.getSnapshot, dispatch, keys, listHeight, scrolls }),
			'nav.first': () => dispatch({ type: 'follow' }),
			'nav.back': () => dispatch({ type: 'back' }),
			'filter.edit': () => controller.list.openFilter(),
			'page.next': () => controller.list.nextPage(),
			'page.previous': () => controller.list.previousPage(),
			'logs.message': () => controller.jump('messages'),
			'logs.dlq': () => controller.jump('dlq'),
			'logs.callbacks': () => controller.jump('callbacks'),
		},
		!state.form,
	);

	if (state.form)
		return (
			<FilterFormView
				title="Filter the delivery logs"
				form={state.form}
				errors={controller.list.formErrors()}
				width={width}
				height={height}
				onAction={(action) => controller.list.formAction(action)}
				onSubmit={() => controller.list.applyFilter()}
				onCancel={() => controller.list.closeFilter()}
			/>
		);

	const hint = (
		<Text dimColor wrap="truncate-end">
			m its message · d its dead letter · c its callbacks · / filters · enter opens
		</Text>
	);
	const prompt = <PromptLine width={width} notice={state.notice} hint={hint} />;

	if (state.detail && current)
		return (
			<DetailScreen
				title={
					<>
						Log entry of {sanitize(current.messageId)}{' '}
						<Text color={theme.color(stateTone(current.state))}>{sanitize(current.state ?? '')}</Text>
					</>
				}
				prompt={prompt}
				lines={detailLines}
				scroll={state.detailScroll}
				width={width}
				height={height}
			/>
		);

	const following = isFollowing(state);
	const filtered = isFiltered(state.filter);
	const pageText = state.previous.length > 0 ? ` · page ${state.previous.length + 1} (older)` : '';
	const title = (
		<LiveLine
			width={width}
			segments={[
				{
					text: page ? `${lines.length} log entr${lines.length === 1 ? 'y' : 'ies'}` : 'Delivery logs',
					bold: true,
				},
				{
					text: following ? ' · following the newest' : ' · paused (g follows the newest again)',
					tone: following ? 'ok' : 'warn',
				},
				{
					text: `${pageText}${page?.cursor ? ' · n older' : ''}${state.previous.length > 0 ? ' · p newer' : ''}`,
					dim: true,
				},
				{
					text: filtered
						? ` · filter ${sanitize(describeFilter(state.filter, formatClock))}`
						: ' · no filter (/ filters)',
					tone: filtered ? 'accent' : undefined,
					dim: !filtered,
				},
				{ text: ` · ${controller.path()}`, dim: true },
			]}
		/>
	);
	let body: ReactNode;
	const entry = entryOf(polls, logPageEndpoint);
	if (!page) body = <EndpointState entry={entry?.failure ? entry : undefined} what="delivery logs" />;
	else if (lines.length === 0)
		body = (
			<Text dimColor>
				{filtered
					? 'No log entry matches the filter. / changes it; esc clears it.'
					: 'No delivery logs yet: they appear as messages are published and delivered.'}
			</Text>
		);
	else
		body = (
			<Table
				columns={columns}
				rows={lines}
				width={width}
				height={height - 2}
				selected={index}
				mark={(l) => (l === current ? '›' : ' ')}
			/>
		);
	return (
		<Box flexDirection="column" width={width} height={height} overflowY="hidden">
			{title}
			{prompt}
			{body}
		</Box>
	);
}
