import { Box, Text } from 'ink';
import { type ReactNode, useMemo } from 'react';
import { describeFilter, isFiltered } from '../../../api/filter-settings.js';
import { formatClock } from '../../../format/time.js';
import { sanitize } from '../../../text/sanitize.js';
import { usePane, usePolls, useRuntime, useUi } from '../../contract/context.js';
import type { PaneViewProps } from '../../contract/pane.js';
import { entryOf } from '../../data/poll-store.js';
import { priorities } from '../../keys/dispatcher.js';
import { useCommands } from '../../keys/use-keys.js';
import { Confirm } from '../../kit/confirm/view.js';
import { statusTone } from '../../kit/delivery/record.js';
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
import type { DlqController } from './controller.js';
import { dlqPageEndpoint } from './endpoints.js';
import { dlqColumns, dlqDetail, rowKey } from './model.js';
import { previewOperation } from './operations.js';
import type { DlqAction, DlqState } from './state.js';

/** The dead letter queue, one page at a time, filtered by the service; retry and delete from the keyboard. */
export function DlqView(props: PaneViewProps) {
	const { width, height } = props;
	const ui = useUi();
	const polls = usePolls();
	const theme = useTheme();
	const { client, readOnly } = useRuntime();
	const { state, dispatch, store, controller } = usePane<DlqState, DlqAction, DlqController>();
	const now = useNow(60_000, !ui.frozen);
	const page = controller.list.page();
	const letters = page?.messages ?? [];
	const keys = useMemo(() => letters.map(rowKey), [letters]);
	const index = selectedIndex(keys, state.selected);
	const current = letters[index];
	const listHeight = Math.max(1, height - 3);
	const columns = useMemo(() => dlqColumns(now), [now]);
	const detailLines = useMemo(
		() => (state.detail && current ? dlqDetail(current, width) : []),
		[state.detail, current, width],
	);
	const scrolls = detailScrolls(detailLines.length, detailScreenHeight(height));

	useCommands(
		'dlq',
		priorities.pane,
		{
			...tailNavigation({ list: store.getSnapshot, dispatch, keys, listHeight, scrolls }),
			'nav.back': () => dispatch({ type: 'back' }),
			'select.mark': () => controller.mark(),
			'dlq.markAll': () => controller.markAll(),
			'filter.edit': () => controller.list.openFilter(),
			'page.next': () => controller.list.nextPage(),
			'page.previous': () => controller.list.previousPage(),
			'dlq.retry': () => void controller.ask('retry'),
			'dlq.delete': () => void controller.ask('delete'),
			'dlq.logs': () => controller.showLogs(),
		},
		!state.form && !state.operation,
	);

	if (state.operation)
		return (
			<Confirm
				title={state.operation.summary}
				preview={previewOperation(state.operation)}
				host={client.settings.queueUrl}
				width={width}
				height={height}
				busy={state.busy}
				onSend={() => void controller.send()}
				onCancel={() => controller.cancel()}
			/>
		);
	if (state.form)
		return (
			<FilterFormView
				title="Filter the dead letters"
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
			{readOnly
				? 'read-only: retry and delete are off · / filters · enter opens · l its logs'
				: `space marks · * marks all the filter matches · R retries, D deletes ${state.detail ? 'this one' : 'the marked (or selected)'} · l its logs`}
		</Text>
	);
	const prompt = <PromptLine width={width} notice={state.notice} hint={hint} />;

	if (state.detail && current)
		return (
			<DetailScreen
				title={
					<>
						Dead letter {sanitize(current.dlqId ?? current.messageId)}{' '}
						<Text color={theme.color(statusTone(current.responseStatus) ?? 'muted')}>
							{current.responseStatus === undefined ? 'no answer' : `status ${current.responseStatus}`}
						</Text>
					</>
				}
				prompt={prompt}
				lines={detailLines}
				scroll={state.detailScroll}
				width={width}
				height={height}
			/>
		);

	const filtered = isFiltered(state.filter);
	const marks = state.all
		? ' · all the filter matches marked'
		: state.marked.length > 0
			? ` · ${state.marked.length} marked`
			: '';
	const pageText = state.previous.length > 0 ? ` · page ${state.previous.length + 1}` : '';
	const more = page?.cursor ? ' · n next page' : '';
	const back = state.previous.length > 0 ? ' · p previous' : '';
	const title = (
		<LiveLine
			width={width}
			segments={[
				{
					text: page ? `${letters.length} dead letter${letters.length === 1 ? '' : 's'}` : 'Dead letters',
					bold: true,
				},
				{ text: `${pageText}${marks}${more}${back}`, dim: true },
				{
					text: filtered
						? ` · filter ${sanitize(describeFilter(state.filter, formatClock))}`
						: ' · no filter (/ filters)',
					tone: filtered ? 'accent' : undefined,
					dim: !filtered,
				},
			]}
		/>
	);
	const entry = entryOf(polls, dlqPageEndpoint);
	let body: ReactNode;
	if (!page) body = <EndpointState entry={entry?.failure ? entry : undefined} what="dead letters" />;
	else if (letters.length === 0)
		body = (
			<Text dimColor>
				{filtered
					? 'No dead letter matches the filter. / changes it; esc clears it.'
					: 'The dead letter queue is empty: every message was delivered, or is still being tried.'}
			</Text>
		);
	else
		body = (
			<Table
				columns={columns}
				rows={letters}
				width={width}
				height={height - 2}
				selected={index}
				mark={(l) =>
					`${l === current ? '›' : ' '}${state.all || (l.dlqId !== undefined && state.marked.includes(l.dlqId)) ? '●' : ' '}`
				}
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
