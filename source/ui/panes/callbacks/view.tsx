import { Box, Text } from 'ink';
import { memo, useEffect, useMemo, useState } from 'react';
import { formatInteger } from '../../../format/number.js';
import type { ReceivedEvent } from '../../../receiver/event.js';
import type { ReplayEdits } from '../../../receiver/replay.js';
import { maskSecret } from '../../../text/mask.js';
import { sanitize } from '../../../text/sanitize.js';
import type { TuiReceiver } from '../../contract/connection.js';
import { usePane, useRuntime, useUi } from '../../contract/context.js';
import type { PaneViewProps } from '../../contract/pane.js';
import { priorities } from '../../keys/dispatcher.js';
import { useCommands } from '../../keys/use-keys.js';
import { DetailScreen, detailScreenHeight, detailScrolls } from '../../kit/detail-view/view.js';
import { Gap } from '../../kit/gap/view.js';
import { useThrottledStore } from '../../kit/hooks/use-throttled-store.js';
import { LiveLine } from '../../kit/live-line/view.js';
import { PromptLine } from '../../kit/prompt-line/view.js';
import { tailNavigation } from '../../kit/tail-list/navigation.js';
import { useTheme } from '../../theme/theme.js';
import {
	callbackDetail,
	callbacksRefreshMs,
	compileFilter,
	eventRows,
	filterEngineLoaded,
	loadFilterEngine,
	rowOf,
	rowWindow,
} from './model.js';
import { rowSegments } from './row.js';
import type { CallbacksAction, CallbacksState, ReplayState } from './state.js';

type PaneProps = PaneViewProps;

const replayUnavailable =
	'replay sends to the app: start mqtop with --forward-to <url> (or set receiver.forwardTo in the config)';
const replayNotKept = 'nothing is kept with --demo or --ephemeral, so there is nothing to send again';

/** One event's line, drawn from the same parts `mqtop listen` prints. */
const EventLine = memo(function EventLine(props: {
	event: ReceivedEvent;
	selected: boolean;
	width: number;
	replay: ReplayState | undefined;
}) {
	const segments = useMemo(
		() => rowSegments(props.event, props.selected, props.width, props.replay),
		[props.event, props.selected, props.width, props.replay],
	);
	return <LiveLine segments={segments} width={props.width} inverse={props.selected} />;
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

/** Whether the filter's expression engine is loaded; starts loading it. */
function useFilterEngine(): boolean {
	const [loaded, setLoaded] = useState(filterEngineLoaded);
	useEffect(() => {
		if (loaded) return;
		let live = true;
		void loadFilterEngine().then(() => live && setLoaded(true));
		return () => {
			live = false;
		};
	}, [loaded]);
	return loaded;
}

function Callbacks(props: PaneProps & { receiver: TuiReceiver }) {
	const ui = useUi();
	const theme = useTheme();
	const { ui: shell, client } = useRuntime();
	const { state, dispatch, store } = usePane<CallbacksState, CallbacksAction>();
	const { receiver } = props;
	const snapshot = useThrottledStore(receiver.store, callbacksRefreshMs, ui.frozen);
	const engine = useFilterEngine();
	// biome-ignore lint/correctness/useExhaustiveDependencies: compiled again once the engine is there
	const filter = useMemo(() => compileFilter(state.filter), [state.filter, engine]);
	const rows = useMemo(() => eventRows(snapshot, filter), [snapshot, filter]);
	const keys = rows.keys;
	const listHeight = Math.max(1, props.height - 3);
	const { index, start, shown } = useMemo(
		() => rowWindow(rows, state.selected, listHeight),
		[rows, state.selected, listHeight],
	);
	const current = rows.at(index);

	const detailLines = useMemo(
		() => (state.detail && current ? callbackDetail(current, props.width) : []),
		[state.detail, current, props.width],
	);
	const scrolls = detailScrolls(detailLines.length, detailScreenHeight(props.height));
	/** Sends the selected request to the app again; its row shows the app's answer. */
	const replay = (event: ReceivedEvent | undefined, edits?: ReplayEdits) => {
		if (!event) return;
		const seq = event.seq;
		const set = (next: ReplayState) => dispatch({ type: 'replay/state', seq, replay: next });
		if (!receiver.replay || !receiver.forwardTo) {
			set({ state: 'failed', message: receiver.forwardTo ? replayNotKept : replayUnavailable });
			return;
		}
		set({ state: 'sending' });
		receiver.replay(seq, edits).then(
			(result) =>
				set(
					result.found
						? { state: 'answered', forward: result.forward, resigned: result.resigned, edited: result.edited }
						: { state: 'failed', message: `#${seq} is no longer in the kept history` },
				),
			(error: unknown) => set({ state: 'failed', message: (error as Error).message }),
		);
	};
	useCommands('callbacks', priorities.pane, {
		...tailNavigation({
			list: store.getSnapshot,
			dispatch,
			keys,
			listHeight,
			scrolls,
		}),
		'nav.back': () => dispatch({ type: 'back' }),
		'filter.edit': () => dispatch({ type: 'filter/open' }),
		'callbacks.replay': () => replay(current),
		'callbacks.replay-edit': () => {
			if (current) dispatch({ type: 'replay/edit', seq: current.seq });
		},
		'secrets.reveal': () => shell.dispatch({ type: 'reveal/toggle' }),
	});

	const field = {
		label: 'Filter /',
		initial: state.filter,
		placeholder: 'a regular expression or text; enter applies, empty shows all',
		onSubmit: (text: string) => dispatch({ type: 'filter/set', text }),
		onCancel: () => dispatch({ type: 'filter/close' }),
	};
	const editingEvent = rowOf(rows, state.editingBody);
	const bodyField = editingEvent && {
		label: `Replay #${editingEvent.seq} with body`,
		initial: editingEvent.body?.kind === 'text' && !editingEvent.body.truncated ? editingEvent.body.text : '',
		placeholder: 'the body to send; enter signs and sends it, esc leaves it',
		onSubmit: (text: string) => replay(editingEvent, { body: Buffer.from(text) }),
		onCancel: () => dispatch({ type: 'replay/edit-close' }),
	};
	const total = snapshot.size;
	const hint = filter ? (
		<LiveLine
			width={props.width}
			segments={[
				{
					text: `filter ${filter.mode === 'regex' ? `/${sanitize(filter.text)}/i` : `"${sanitize(filter.text)}"`}`,
					tone: 'accent',
				},
				{
					text: ` · ${formatInteger(keys.length)} of ${formatInteger(total)} match${
						filter.problem ? ` · as text: not a regular expression (${sanitize(filter.problem)})` : ''
					} · / edits · esc clears`,
					dim: true,
				},
			]}
		/>
	) : (
		<Text dimColor wrap="truncate-end">
			{`/ filters · enter opens · ${
				receiver.forwardTo ? `r replays to ${sanitize(receiver.forwardTo)} · e edits the body first · ` : ''
			}v reveals the keys · g follows the newest`}
		</Text>
	);

	const prompt = (
		<PromptLine width={props.width} field={state.editing ? field : (bodyField ?? undefined)} hint={hint} />
	);
	if (state.detail && current) {
		return (
			<DetailScreen
				title={
					<>
						Request #{current.seq}{' '}
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
				shown.map((event, i) => (
					<EventLine
						key={event.seq}
						event={event}
						selected={start + i === index}
						width={props.width}
						replay={state.replays[event.seq]}
					/>
				))
			)}
		</Box>
	);
}
