import { Box, Text } from 'ink';
import { memo, useMemo } from 'react';
import { prefixed } from '../../../api/dialect.js';
import { formatInteger } from '../../../format/number.js';
import {
	EventStore,
	type FollowState,
	type ReceiverSnapshot,
	requestNumber,
} from '../../../receiver/index.js';
import { maskSecret } from '../../../text/mask.js';
import { sanitize } from '../../../text/sanitize.js';
import type { TuiReceiver } from '../../contract/connection.js';
import { usePane, useRuntime, useUi } from '../../contract/context.js';
import type { PaneViewProps } from '../../contract/pane.js';
import { Confirm } from '../../kit/confirm/confirm-view.js';
import { DetailScreen, detailScreenHeight, detailScrolls } from '../../kit/detail-view/detail-view.js';
import { Gap } from '../../kit/gap/gap-view.js';
import { useThrottledStore } from '../../kit/hooks/use-throttled-store.js';
import { LiveLine } from '../../kit/live-line/live-line-view.js';
import { PromptLine } from '../../kit/prompt-line/prompt-line-view.js';
import { filterLabel } from '../../kit/row-filter/row-filter.js';
import { filterField, useRowFilter } from '../../kit/row-filter/row-filter-view.js';
import { orderLabel } from '../../kit/row-filter/row-order.js';
import { useTheme } from '../../theme/theme.js';
import {
	callbackDetail,
	callbacksRefreshMs,
	eventRows,
	type From,
	replayPreview,
	rowKey,
	rowOf,
	rowWindow,
} from './callbacks-model.js';
import type { CallbacksAction, CallbacksState } from './callbacks-state.js';
import type { CallbacksController } from './controller.js';
import { callbackGrid, type Grid } from './row.js';

type PaneProps = PaneViewProps;

/** How a row's request is named: mqtop listen's numbered apart from the receiver's own. */
const currentFromLabel = (from: From) => (from ? 'mqtop listen request ' : 'request ');

/** What a receiver that follows nothing shows of it: none. */
const nothingFollowed = new EventStore({ capacity: 1 });

/** The grid's lines: the header, then a row per request shown. */
const GridLines = memo(function GridLines(props: { grid: Grid; width: number }) {
	return (
		<>
			<LiveLine segments={props.grid.header} width={props.width} />
			{props.grid.lines.map((line, i) => (
				<LiveLine
					// biome-ignore lint/suspicious/noArrayIndexKey: rows of a screen are positions
					key={i}
					segments={line.segments}
					width={props.width}
					inverse={line.selected}
				/>
			))}
		</>
	);
});

function NoReceiver() {
	const { connection } = useRuntime();
	const theme = useTheme();
	const accent = theme.color('accent');
	return (
		<Box flexDirection="column">
			<Text bold>No callback receiver is running.</Text>
			<Gap />
			<Text>mqtop starts one on 127.0.0.1 when it knows the signing keys that verify callbacks:</Text>
			<Text>
				{'  '}· set <Text color={accent}>currentSigningKey</Text> (and{' '}
				<Text color={accent}>nextSigningKey</Text>) in your profile, or MQTOP_CURRENT_SIGNING_KEY /
				MQTOP_NEXT_SIGNING_KEY;
			</Text>
			<Text>
				{'  '}· or run <Text color={accent}>mqtop</Text> with no profile: the embedded local service shares
				its keys with the receiver (<Text color={accent}>mqtop --demo</Text> adds traffic).
			</Text>
			<Gap />
			<Text dimColor>
				The keys are on the service's console or from GET /v2/keys.
				{connection.embedded ? '' : ' A deployed service must be able to reach the receiver (e.g. a tunnel).'}
			</Text>
		</Box>
	);
}

/** The receiver's events, newest first, as `mqtop listen` prints them; filter, detail, keys. */
export function CallbacksView(props: PaneProps) {
	const { receiver } = useRuntime();
	if (!receiver) return <NoReceiver />;
	return <Callbacks {...props} receiver={receiver} />;
}

/** The line on the mqtop listen followed, when one runs or ran: which, what it received, how its rows are marked. */
function FollowedLine(props: { state: FollowState; counters: ReceiverSnapshot['counters']; width: number }) {
	const { state, counters: c } = props;
	if (state.state === 'waiting' && c.total === 0) return null;
	const which = state.state === 'waiting' ? 'mqtop listen' : `mqtop listen (pid ${state.pid})`;
	return (
		<LiveLine
			width={props.width}
			segments={[
				{ text: `${which}${state.state === 'stopped' ? ' stopped' : ''}`, bold: true },
				{ text: ' · ', dim: true },
				{ text: `${formatInteger(c.total)} received: ` },
				{ text: `${formatInteger(c.verified)} verified`, tone: 'ok' },
				{ text: ', ' },
				{ text: `${formatInteger(c.rejected)} rejected`, tone: c.rejected > 0 ? 'error' : undefined },
				{ text: ' · its rows say listen (L)', dim: true },
			]}
		/>
	);
}

function Callbacks(props: PaneProps & { receiver: TuiReceiver }) {
	const ui = useUi();
	const theme = useTheme();
	const { client } = useRuntime();
	const { state, dispatch, controller } = usePane<CallbacksState, CallbacksAction, CallbacksController>();
	const { receiver } = props;
	const followed = receiver.followed;
	const snapshot = useThrottledStore(receiver.store, callbacksRefreshMs, ui.frozen);
	const theirs = useThrottledStore(followed?.store ?? nothingFollowed, callbacksRefreshMs, ui.frozen);
	// The engine is loaded when the pane is first shown: `/` is used most here.
	const filter = useRowFilter(state.filter, true);
	const rows = useMemo(
		() => eventRows(snapshot, filter, followed ? theirs : undefined, state.order),
		[snapshot, filter, followed, theirs, state.order],
	);
	const keys = rows.keys;
	const following = followed !== undefined && (followed.state().state !== 'waiting' || theirs.size > 0);
	// The receiver's lines (and listen's), the prompt and the grid's header.
	const listHeight = Math.max(1, props.height - 4 - (following ? 1 : 0));
	const { index, start, shown } = useMemo(
		() => rowWindow(rows, state.selected, listHeight),
		[rows, state.selected, listHeight],
	);
	const current = rows.at(index);
	const currentFrom = rows.fromAt(index);
	const grid = useMemo(
		() =>
			callbackGrid(
				shown.map((row, i) => {
					const key = rowKey(row.event.seq, row.from);
					return { ...row, selected: start + i === index, replay: state.replays[key] };
				}),
				props.width,
			),
		[shown, start, index, state.replays, props.width],
	);

	const detailLines = useMemo(
		() => (state.detail && current ? callbackDetail(current, props.width) : []),
		[state.detail, current, props.width],
	);
	const scrolls = detailScrolls(detailLines.length, detailScreenHeight(props.height));
	controller.drawn({ rows, listHeight, scrolls });

	const field = filterField(state.filter, dispatch);
	const editing = rowOf(rows, state.editingBody);
	const editingEvent = editing?.event;
	const bodyField = editing &&
		editingEvent && {
			label: `Replay ${requestNumber(editingEvent.seq)} with body`,
			initial:
				editingEvent.body?.kind === 'text' && !editingEvent.body.truncated ? editingEvent.body.text : '',
			placeholder: 'the body to send; enter signs and sends it, esc leaves it',
			onSubmit: (text: string) => controller.askReplay(editing, text),
			onCancel: () => controller.closeBody(),
		};
	const total = snapshot.size + (followed ? theirs.size : 0);
	const hint = state.notice ? (
		<LiveLine width={props.width} segments={[{ text: state.notice, tone: 'warn' }]} />
	) : filter || state.order ? (
		<LiveLine
			width={props.width}
			segments={[
				...(filter
					? [
							{ text: `filter ${filterLabel(filter)}`, tone: 'accent' as const },
							{
								text: ` · ${formatInteger(keys.length)} of ${formatInteger(total)} match${
									filter.problem ? ` · as text: not a regular expression (${sanitize(filter.problem)})` : ''
								}`,
								dim: true,
							},
						]
					: []),
				...(state.order
					? [{ text: `${filter ? ' · ' : ''}${orderLabel(state.order)}`, tone: 'accent' as const }]
					: []),
				{ text: ' · / edits · esc clears', dim: true },
			]}
		/>
	) : (
		<Text dimColor wrap="truncate-end">
			{`/ filters · o sorts · enter opens · ${
				receiver.forwardTo
					? `R sends again to ${sanitize(receiver.forwardTo)} · e edits the body first · `
					: ''
			}v reveals the keys · g follows the newest`}
		</Text>
	);

	const prompt = (
		<PromptLine width={props.width} field={state.filtering ? field : (bodyField ?? undefined)} hint={hint} />
	);
	const asked = rowOf(rows, state.confirm?.key);
	if (state.confirm && asked && receiver.forwardTo) {
		const { body } = state.confirm;
		return (
			<Confirm
				title={`send ${currentFromLabel(asked.from)}${requestNumber(asked.event.seq)} again to the app, signed afresh${body !== undefined ? ', with the body typed' : ''}`}
				preview={replayPreview(asked.event, prefixed(client.settings.dialect, 'Signature'), body)}
				host={receiver.forwardTo}
				width={props.width}
				height={props.height}
				busy={false}
				onSend={() => controller.sendReplay(asked, body)}
				onCancel={() => controller.cancelReplay()}
			/>
		);
	}
	if (state.detail && current) {
		return (
			<DetailScreen
				title={
					<>
						{currentFrom ? 'mqtop listen request ' : 'Request '}
						{requestNumber(current.seq)}{' '}
						<Text color={theme.color(current.verified ? 'ok' : 'error')}>{current.kind}</Text>
					</>
				}
				prompt={prompt}
				lines={detailLines}
				scroll={state.detailScroll}
				width={props.width}
				height={props.height}
			/>
		);
	}

	const c = snapshot.counters;
	const prefix = sanitize(client.settings.dialect.headerPrefix);
	const show = (key: string) => maskSecret(key, ui.reveal);
	return (
		<Box flexDirection="column" width={props.width} height={props.height} overflowY="hidden">
			<LiveLine
				width={props.width}
				segments={[
					{ text: 'Receiver ', bold: true },
					{ text: sanitize(receiver.url), tone: 'accent', bold: true },
					{ text: ' · ', dim: true },
					{ text: `${formatInteger(c.total)} received: ` },
					{ text: `${formatInteger(c.verified)} verified`, tone: 'ok' },
					{ text: ', ' },
					{ text: `${formatInteger(c.rejected)} rejected`, tone: c.rejected > 0 ? 'error' : undefined },
					{ text: c.evicted > 0 ? ` · the newest ${formatInteger(snapshot.capacity)} kept` : '', dim: true },
				]}
			/>
			{followed && <FollowedLine state={followed.state()} counters={theirs.counters} width={props.width} />}
			<Text wrap="truncate-end">
				<Text dimColor>signing keys </Text>current{' '}
				<Text color={ui.reveal ? theme.color('highlight') : undefined}>
					{show(receiver.currentSigningKey)}
				</Text>
				{'  '}next{' '}
				<Text color={ui.reveal ? theme.color('highlight') : undefined}>
					{receiver.nextSigningKey ? show(receiver.nextSigningKey) : '(none)'}
				</Text>
				<Text dimColor>
					{` · ${ui.reveal ? 'v hides' : 'v reveals'} · point ${prefix}Callback or ${prefix}Failure-Callback at it`}
				</Text>
			</Text>
			{prompt}
			{keys.length === 0 ? (
				<Text dimColor>
					{total === 0
						? 'Nothing received yet: publish with a callback to the URL above.'
						: 'No request matches the filter (esc clears it).'}
				</Text>
			) : (
				<GridLines grid={grid} width={props.width} />
			)}
		</Box>
	);
}
