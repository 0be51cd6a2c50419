import { Box, Text } from 'ink';
import { useEffect, useMemo } from 'react';
import { scrollStart } from '../../../format/layout.js';
import { formatInteger } from '../../../format/number.js';
import { sanitize } from '../../../text/sanitize.js';
import { usePane, useRuntime, useUi } from '../../contract/context.js';
import type { PaneViewProps } from '../../contract/pane.js';
import { logsEndpoint } from '../../data/endpoints.js';
import { entryOf } from '../../data/poll-store.js';
import { detailScreenHeight, detailScrolls } from '../../kit/detail-view/detail-view.js';
import { useNow } from '../../kit/hooks/use-now.js';
import { useThrottledStore } from '../../kit/hooks/use-throttled-store.js';
import { PromptLine } from '../../kit/prompt-line/prompt-line-view.js';
import { ConfirmRequest } from '../../kit/request-flow/request-flow-view.js';
import { arrangeRows } from '../../kit/row-filter/row-filter.js';
import { filterField, filterSegment, useRowFilter } from '../../kit/row-filter/row-filter-view.js';
import { ListScreen } from '../../kit/tail-list/list-screen.js';
import { selectedIndex } from '../../kit/tail-list/selection.js';
import { useTheme } from '../../theme/theme.js';
import type { MessagesController } from './controller.js';
import {
	checkMessageId,
	messageColumns,
	messageDetail,
	messageRow,
	stateLabel,
	stateTones,
} from './messages-model.js';
import type { MessagesAction, MessagesState } from './messages-state.js';

/** New ids and answers are drawn at most this often: a flood of them must not crowd out the keys. */
export const messagesRefreshMs = 200;

/** Retrievable messages: every id mqtop learnt of, newest first, polled while on screen. */
export function MessagesView(props: PaneViewProps) {
	const ui = useUi();
	const runtime = useRuntime();
	const theme = useTheme();
	const { state, dispatch, controller } = usePane<MessagesState, MessagesAction, MessagesController>();
	const polls = useThrottledStore(runtime.polls, messagesRefreshMs, ui.frozen);
	const { tracked: trackedStore, readOnly } = runtime;
	const followed = useThrottledStore(trackedStore, messagesRefreshMs, ui.frozen).messages;
	const filter = useRowFilter(state.filter, state.filtering);
	// The filter and the order read every row as it is shown now; without them only the rows on
	// screen are worked out.
	const { order } = state;
	const tracked = useMemo(() => {
		if (!filter && !order) return followed;
		const at = Date.now();
		const rows = followed.map((m) => messageRow(m, polls, at));
		return arrangeRows(rows, messageColumns(at), filter, order).map((row) => row.tracked);
	}, [followed, filter, order, polls]);
	const ids = useMemo(() => tracked.map((m) => m.id), [tracked]);
	const selected = state.selected;
	const index = selectedIndex(ids, selected);
	const listHeight = Math.max(1, props.height - 3);
	const start = scrollStart(index, ids.length, listHeight);
	const shownTracked = tracked.slice(start, start + listHeight);
	const shownKey = shownTracked.map((m) => m.id).join(' ');

	// The rows on screen are what the scheduler polls; none once the pane is gone.
	useEffect(() => {
		dispatch({ type: 'shown', ids: shownKey ? shownKey.split(' ') : [] });
	}, [dispatch, shownKey]);
	useEffect(() => () => dispatch({ type: 'shown', ids: [] }), [dispatch]);

	const base = Date.now();
	const peek = shownTracked.map((m) => messageRow(m, polls, base));
	// Countdowns tick once a second while one is on screen.
	const ticking = peek.some((r) => r.state.nextAttemptAt !== undefined && !r.state.final) && !ui.frozen;
	const now = useNow(1000, ticking);
	const rows = ticking ? shownTracked.map((m) => messageRow(m, polls, now)) : peek;
	const current = rows[index - start];
	const columns = useMemo(() => messageColumns(now), [now]);

	const detailLines = useMemo(
		() => (state.detail && current ? messageDetail(current, now, props.width) : []),
		[state.detail, current, now, props.width],
	);
	const scrolls = detailScrolls(detailLines.length, detailScreenHeight(props.height));
	controller.drawn({ ids, rows, listHeight, scrolls, columns });

	const logs = entryOf(polls, logsEndpoint)?.data;
	const eventsText =
		logs === undefined
			? 'delivery logs: reading…'
			: logs.listed
				? 'delivery logs listed by the service'
				: `this service lists no delivery logs (HTTP ${logs.status})`;
	const field = {
		label: 'Follow message id:',
		placeholder: 'paste an id, enter to follow',
		onSubmit: (text: string) => {
			const check = checkMessageId(text);
			if (!check.ok) {
				dispatch({ type: 'request/notice', notice: { text: check.problem, tone: 'error' } });
				return;
			}
			trackedStore.track(check.id, 'typed');
			dispatch({ type: 'follow/close' });
			dispatch({ type: 'select', key: check.id });
		},
		onCancel: () => dispatch({ type: 'follow/close' }),
	};
	const hint = () => (
		<Text dimColor wrap="truncate-end">
			{readOnly
				? 'read-only: cancelling is off · i follows an id · enter opens'
				: 'i follows an id · c cancels the selected message · enter opens'}
		</Text>
	);
	const filterInput = filterField(state.filter, dispatch);
	const prompt = (
		<PromptLine
			width={props.width}
			field={state.editing ? field : state.filtering ? filterInput : undefined}
			notice={state.notice}
			hint={hint()}
		/>
	);

	if (state.confirm)
		return (
			<ConfirmRequest flow={state} host={runtime.client.settings.queueUrl} size={props} answer={controller} />
		);

	const position =
		ids.length > listHeight
			? ` · ${start + 1}-${start + shownTracked.length} of ${formatInteger(ids.length)}`
			: '';
	return (
		<ListScreen
			size={props}
			detail={
				state.detail && current
					? {
							title: (
								<>
									Message {sanitize(current.id)}{' '}
									<Text color={theme.color(stateTones[current.state.kind])}>{stateLabel(current.state)}</Text>
								</>
							),
							lines: detailLines,
							scroll: state.detailScroll,
						}
					: undefined
			}
			heading={[
				{
					text: `${formatInteger(followed.length)} message${followed.length === 1 ? '' : 's'} followed`,
					bold: true,
				},
				filterSegment(filter, ids.length, followed.length, order),
				{
					text: `${position} · ${selected === undefined ? 'following the newest' : 'g: back to the newest'} · ${eventsText}`,
					dim: true,
				},
			]}
			prompt={prompt}
			instead={
				rows.length === 0 && filter ? (
					<Text dimColor>No message matches the filter (/ changes it, esc clears it).</Text>
				) : rows.length === 0 ? (
					<Box flexDirection="column">
						<Text dimColor>
							No messages followed yet. A message appears here when it is published or triggered
						</Text>
						<Text dimColor>
							in mqtop, when the receiver gets its callback or delivery, when the service lists
						</Text>
						<Text dimColor>its delivery logs, or when you press i and type its id.</Text>
					</Box>
				) : undefined
			}
			columns={columns}
			rows={rows}
			selected={index - start}
		/>
	);
}
