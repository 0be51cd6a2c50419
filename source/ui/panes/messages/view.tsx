import { Box, Text } from 'ink';
import { useEffect, useMemo } from 'react';
import { scrollStart } from '../../../format/layout.js';
import { formatInteger } from '../../../format/number.js';
import { sanitize } from '../../../text/sanitize.js';
import { useRuntime, useUi } from '../../contract/context.js';
import { commandFor } from '../../keys/bindings.js';
import { priorities } from '../../keys/dispatcher.js';
import { useCommands, useKeys } from '../../keys/use-keys.js';
import { DetailScreen, detailScreenHeight, detailScrolls } from '../../kit/detail-view/view.js';
import { useNow } from '../../kit/hooks/use-now.js';
import { useThrottledStore } from '../../kit/hooks/use-throttled-store.js';
import { LiveLine } from '../../kit/live-line/view.js';
import { PromptLine } from '../../kit/prompt-line/view.js';
import { Table } from '../../kit/table/view.js';
import { tailNavigation } from '../../kit/tail-list/navigation.js';
import { selectedIndex } from '../../kit/tail-list/selection.js';
import type { PaneProps } from '../overview/view.js';
import {
	checkMessageId,
	messageColumns,
	messageDetail,
	messageRow,
	stateColors,
	stateLabels,
} from './model.js';

/** New ids and answers are drawn at most this often: a flood of them must not crowd out the keys. */
export const messagesRefreshMs = 200;

/** Retrievable messages: every id mqtop learnt of, newest first, polled while on screen. */
export function MessagesPane(props: PaneProps) {
	const ui = useUi();
	const runtime = useRuntime();
	const polls = useThrottledStore(runtime.polls, messagesRefreshMs, ui.frozen);
	const { ui: store, tracked: trackedStore, messages: feed, readOnly } = runtime;
	const tracked = useThrottledStore(trackedStore, messagesRefreshMs, ui.frozen).messages;
	const ids = useMemo(() => tracked.map((m) => m.id), [tracked]);
	const selected = ui.selected.messages;
	const index = selectedIndex(ids, selected);
	const listHeight = Math.max(1, props.height - 3);
	const start = scrollStart(index, ids.length, listHeight);
	const shownTracked = tracked.slice(start, start + listHeight);
	const shownKey = shownTracked.map((m) => m.id).join(' ');

	// The rows on screen are what the scheduler polls; none once the pane is gone.
	useEffect(() => {
		feed.show(shownKey ? shownKey.split(' ') : []);
	}, [feed, shownKey]);
	useEffect(() => () => feed.show([]), [feed]);

	const base = Date.now();
	const peek = shownTracked.map((m) => messageRow(m, polls, base));
	// Countdowns tick once a second while one is on screen.
	const ticking = peek.some((r) => r.state.nextAttemptAt !== undefined && !r.state.final) && !ui.frozen;
	const now = useNow(1000, ticking);
	const rows = ticking ? shownTracked.map((m) => messageRow(m, polls, now)) : peek;
	const current = rows[index - start];
	const columns = useMemo(() => messageColumns(now), [now]);

	const detailLines = useMemo(
		() => (ui.detail && current ? messageDetail(current, now, props.width) : []),
		[ui.detail, current, now, props.width],
	);
	const scrolls = detailScrolls(detailLines.length, detailScreenHeight(props.height));
	useCommands('messages', priorities.pane, {
		...tailNavigation({ store, ui, keys: ids, selected, listHeight, scrolls, current: current?.id }),
		'nav.back': () => store.dispatch({ type: 'back' }),
		'message.follow': () => store.dispatch({ type: 'input/open', field: 'messageId' }),
		'message.cancel': () => {
			if (!current) return;
			const refuse = (text: string) =>
				store.dispatch({ type: 'notice/show', notice: { pane: 'messages', text, tone: 'error' } });
			if (readOnly) return refuse('read-only mode: cancelling is off (mqtop was started with --read-only)');
			if (current.state.final)
				return refuse(
					`${sanitize(current.id)} is ${stateLabels[current.state.kind]}: only a message still waiting can be cancelled`,
				);
			store.dispatch({ type: 'select', key: current.id });
			store.dispatch({
				type: 'confirm/ask',
				confirmation: { kind: 'cancel-message', messageId: current.id },
			});
		},
	});
	// The question takes every key until it is answered.
	const confirm = ui.confirm?.kind === 'cancel-message' ? ui.confirm : undefined;
	useKeys(
		priorities.overlay,
		(event) => {
			if (event.name === 'ctrl+c') return false;
			if (!confirm) return false;
			const command = commandFor('confirm', event.name);
			if (command === 'confirm.send') {
				store.dispatch({ type: 'confirm/close' });
				void feed.cancel(confirm.messageId);
			} else if (command === 'confirm.cancel') store.dispatch({ type: 'confirm/close' });
			return true;
		},
		confirm !== undefined,
	);

	const events = polls.events?.data;
	const eventsText =
		events === undefined
			? 'events: reading…'
			: events.listed
				? 'events listed by the service'
				: `this service lists no events (HTTP ${events.status})`;
	const field = {
		name: 'messageId' as const,
		label: 'Follow message id:',
		placeholder: 'paste an id, enter to follow',
		onSubmit: (text: string) => {
			const check = checkMessageId(text);
			if (!check.ok) {
				store.dispatch({
					type: 'notice/show',
					notice: { pane: 'messages', text: check.problem, tone: 'error' },
				});
				return;
			}
			trackedStore.track(check.id, 'typed');
			store.dispatch({ type: 'back' });
			store.dispatch({ type: 'select', key: check.id });
		},
		onCancel: () => store.dispatch({ type: 'back' }),
	};
	const question = confirm
		? `Cancel message ${sanitize(confirm.messageId)}? The service forgets it.`
		: undefined;
	const hint = (
		<Text dimColor wrap="truncate-end">
			{readOnly
				? 'read-only: cancelling is off · i follows an id · enter opens'
				: 'i follows an id · c cancels the selected message · enter opens'}
		</Text>
	);

	if (ui.detail && current) {
		return (
			<DetailScreen
				title={
					<>
						Message {sanitize(current.id)}{' '}
						<Text color={stateColors[current.state.kind]}>{stateLabels[current.state.kind]}</Text>
					</>
				}
				prompt={
					<PromptLine pane="messages" width={props.width} field={field} question={question} hint={hint} />
				}
				lines={detailLines}
				scroll={ui.detailScroll}
				width={props.width}
				height={props.height}
			/>
		);
	}

	const position =
		ids.length > listHeight
			? ` · ${start + 1}-${start + shownTracked.length} of ${formatInteger(ids.length)}`
			: '';
	return (
		<Box flexDirection="column" width={props.width} height={props.height} overflowY="hidden">
			<LiveLine
				width={props.width}
				segments={[
					{ text: `${formatInteger(ids.length)} message${ids.length === 1 ? '' : 's'} followed`, bold: true },
					{
						text: `${position} · ${selected === undefined ? 'following the newest' : 'g: back to the newest'} · ${eventsText}`,
						dim: true,
					},
				]}
			/>
			<PromptLine pane="messages" width={props.width} field={field} question={question} hint={hint} />
			{rows.length === 0 ? (
				<Box flexDirection="column">
					<Text dimColor>
						No messages followed yet. A message appears here when it is published or triggered
					</Text>
					<Text dimColor>
						in mqtop, when the receiver gets its callback or delivery, when the service lists
					</Text>
					<Text dimColor>its delivery events, or when you press i and type its id.</Text>
				</Box>
			) : (
				<Table
					columns={columns}
					rows={rows}
					width={props.width}
					height={props.height - 2}
					selected={index - start}
					mark={(row) => (row === current ? '›' : ' ')}
				/>
			)}
		</Box>
	);
}
