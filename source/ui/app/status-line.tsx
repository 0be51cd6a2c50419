/** The status line under the pane: what its endpoints answered, when, retries, odd fields and faults. */

import { Box, Text } from 'ink';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { describeIssue } from '../../api/liberal.js';
import { truncate } from '../../format/text.js';
import { formatClock, formatSpan } from '../../format/time.js';
import { EventStore } from '../../receiver/index.js';
import { sanitize } from '../../text/sanitize.js';
import { unconfiguredApis } from '../contract/connection.js';
import { useRuntime, useUi } from '../contract/context.js';
import type { Runtime } from '../contract/runtime.js';
import type { ShellState } from '../contract/shell-state.js';
import type { EndpointInfo } from '../data/endpoints.js';
import type { Fault, FaultsState } from '../data/faults.js';
import { type ApiStatus, apiStatuses, lastRefresh, type OddFields, oddFields } from '../data/status.js';
import { useNow } from '../kit/hooks/use-now.js';
import { useSelector } from '../kit/hooks/use-selector.js';
import { LiveText } from '../kit/live-text/live-text-view.js';
import { useTheme } from '../theme/theme.js';

/** The endpoints the visible pane reports in the status line: those it declares, or those it polls. */
export function visibleEndpoints(runtime: Runtime, shell: ShellState): EndpointInfo[] {
	const instance = runtime.pane(shell.pane);
	const view = {
		shell,
		state: instance.store.getSnapshot(),
		polls: runtime.polls.getSnapshot(),
		tracked: runtime.tracked.getSnapshot(),
		now: Date.now(),
	};
	const declared = instance.module.statusEndpoints?.(view);
	if (declared) return [...declared];
	const seen = new Map<string, EndpointInfo>();
	for (const request of instance.module.polls?.(view) ?? []) seen.set(request.endpoint.key, request.endpoint);
	return [...seen.values()];
}

interface Status {
	statuses: ApiStatus[];
	odd: OddFields | undefined;
}

/** What the status line shows, as text: it changes only when the line would. */
function statusKey(status: Status): string {
	const apis = status.statuses.map((s) =>
		s.kind === 'error'
			? `${s.api} error ${s.failure.message} ${s.failure.hint} ${s.failure.retryAt} ${s.failure.failures} ${s.keptAt}`
			: `${s.api} ${s.kind}`,
	);
	const odd = status.odd ? `${status.odd.label} ${status.odd.count} ${describeIssue(status.odd.first)}` : '';
	// Not the time of the last refresh (useRefreshText reads it): a poll that changed nothing else
	// then draws no frame.
	return `${apis.join('|')} ${odd}`;
}

/** The data is stale once no answer came for two intervals of polling (and a second's slack). */
const staleAfterMs = (refreshMs: number) => 2 * refreshMs + 1000;

/**
 * What the status line says of the last refresh: `live` while answers keep coming, and the time
 * of the last one once they stop (frozen, or stale): an idle monitor then draws nothing between
 * polls that changed nothing, and a stalled one says since when its data is.
 */
export function refreshText(
	refreshed: number | undefined,
	now: number,
	refreshMs: number,
	frozen: boolean,
): string {
	if (refreshed === undefined) return 'not refreshed yet';
	if (frozen || now - refreshed > staleAfterMs(refreshMs)) return `refreshed ${formatClock(refreshed)}`;
	return 'live';
}

/** refreshText, read again as answers come, and when the last one becomes stale. */
function useRefreshText(visible: readonly EndpointInfo[], refreshMs: number, frozen: boolean): string {
	const { polls } = useRuntime();
	const visibleRef = useRef(visible);
	visibleRef.current = visible;
	const [text, setText] = useState(() =>
		refreshText(lastRefresh(polls.getSnapshot(), visible), Date.now(), refreshMs, frozen),
	);
	const visibleKey = visible.map((endpoint) => endpoint.key).join(' ');
	// biome-ignore lint/correctness/useExhaustiveDependencies: the endpoints are read through a ref, and another pane's are read again at once
	useEffect(() => {
		let timer: NodeJS.Timeout | undefined;
		const update = () => {
			const refreshed = lastRefresh(polls.getSnapshot(), visibleRef.current);
			const now = Date.now();
			// The same text sets nothing: React draws no frame for it.
			setText(refreshText(refreshed, now, refreshMs, frozen));
			clearTimeout(timer);
			if (refreshed === undefined || frozen) return;
			const due = refreshed + staleAfterMs(refreshMs) - now;
			if (due >= 0) timer = setTimeout(update, due + 1);
		};
		update();
		const unsubscribe = polls.subscribe(update);
		return () => {
			unsubscribe();
			clearTimeout(timer);
		};
	}, [polls, refreshMs, frozen, visibleKey]);
	return text;
}

/** The API statuses and the odd fields of the visible endpoints; re-renders only when they change as shown. */
export function useStatus(visible: readonly EndpointInfo[]): Status {
	const runtime = useRuntime();
	const { polls, connection } = runtime;
	const unconfigured = unconfiguredApis(connection);
	const required = runtime.pane(useUi().pane).module.requires ?? [];
	return useSelector(
		polls,
		(state) => ({
			statuses: apiStatuses(state, visible, unconfigured, required),
			odd: oddFields(state, visible),
		}),
		statusKey,
	);
}

/** `2 odd fields in accounts: [0].max_retries: expected a whole number, got "many"`, sanitised. */
export function oddFieldsText(odd: OddFields): string {
	const count = odd.count === 1 ? '1 odd field' : `${odd.count} odd fields`;
	return sanitize(`${count} in ${odd.label}: ${describeIssue(odd.first)}`);
}

/** When a failing API is asked again, as the status line says it; a rate limit names when polling resumes. */
export function retryText(failure: ApiStatus & { kind: 'error' }, now: number, frozen: boolean): string {
	const { retryAt, failures, rateLimit } = failure.failure;
	if (frozen || retryAt === undefined) return ' · retry paused';
	const wait = retryAt - now;
	if (rateLimit) {
		// Beyond a minute a person wants the clock time too.
		const clock = wait >= 60_000 ? ` (${formatClock(retryAt)})` : '';
		return ` · polling resumes in ${formatSpan(wait)}${clock}`;
	}
	const count = failures > 1 ? ` (${failures} failures)` : '';
	return ` · retry in ${formatSpan(wait)}${count}`;
}

/** The error mqtop's own code threw and the machine's problem, if any: the status line gives each a line. */
export function useFaults(): FaultsState {
	const { faults } = useRuntime();
	return useSyncExternalStore(faults.subscribe, faults.getSnapshot);
}

/** Lines the faults take in the status line. */
export const faultLines = (faults: FaultsState) => (faults.bug ? 1 : 0) + (faults.problem ? 1 : 0);

const timesText = (fault: Fault) => (fault.count > 1 ? ` (${fault.count} times)` : '');

/** `✗ mqtop bug: <message> (2 times) · the monitor keeps running`, sanitised. */
export function faultText(fault: Fault): string {
	return sanitize(`✗ mqtop bug: ${fault.message}${timesText(fault)} · the monitor keeps running`);
}

/** `△ <message> (2 times) · the monitor keeps running`, sanitised: the newest report of a problem of the machine. */
export function problemText(fault: Fault): string {
	return sanitize(`△ ${fault.message}${timesText(fault)} · the monitor keeps running`);
}

/** A fault's line of the status line. */
function FaultLine(props: { text: string; tone: 'warn' | 'error'; width: number }) {
	const theme = useTheme();
	return (
		<Box height={1} width={props.width} flexShrink={0} overflowY="hidden">
			<Text color={theme.color(props.tone)} wrap="truncate-end">
				{props.text}
			</Text>
		</Box>
	);
}

const nothingPolled = 'nothing polled on this pane ';

/** What a receiver streamed in: how many requests, and when the last came. */
export interface StreamStatus {
	total: number;
	last: number | undefined;
}

/** `● receiver 12 received  │ … · last at 12:00:01`, as the status line says it of a streaming pane. */
export function streamTexts(status: StreamStatus): { apis: string; clock: string } {
	return {
		apis: `receiver ${status.total} received`,
		clock: status.last === undefined ? 'nothing received yet' : `last at ${formatClock(status.last)}`,
	};
}

const noStream: StreamStatus = { total: 0, last: undefined };
/** What a pane without a receiver reads instead: nothing. */
const emptyFeed = new EventStore({ capacity: 1 });

/** What the receiver (and the mqtop listen it follows) streamed in, while the visible pane shows it. */
function useStream(): StreamStatus | undefined {
	const runtime = useRuntime();
	const streams = runtime.pane(useUi().pane).module.streams === 'receiver';
	const receiver = streams ? runtime.receiver : undefined;
	const store = receiver?.store;
	const followed = receiver?.followed?.store;
	const read = (snapshot: ReturnType<NonNullable<typeof store>['getSnapshot']>): StreamStatus => ({
		total: snapshot.counters.total,
		last: snapshot.size > 0 ? snapshot.timeAt(snapshot.size - 1) : undefined,
	});
	const key = (s: StreamStatus) => `${s.total} ${s.last}`;
	const own = useSelector(store ?? emptyFeed, (s) => (store ? read(s) : noStream), key);
	const theirs = useSelector(followed ?? emptyFeed, (s) => (followed ? read(s) : noStream), key);
	if (!receiver) return undefined;
	const last = Math.max(own.last ?? -1, theirs.last ?? -1);
	return { total: own.total + theirs.total, last: last < 0 ? undefined : last };
}

/** An API as the status line names it: `messaging ok`, `management failing`. */
function apiText(status: ApiStatus): string {
	const state =
		status.kind === 'ok'
			? 'ok'
			: status.kind === 'error'
				? 'failing'
				: status.kind === 'unconfigured'
					? 'not configured'
					: 'connecting…';
	return `${status.api} ${state}`;
}

/** The status line, a line per failing API, one for a bug of mqtop's own and one for a problem of the machine; `hidden` leaves out the first (the command line is there). */
export function StatusLine(props: { visible: readonly EndpointInfo[]; width: number; hidden?: boolean }) {
	const ui = useUi();
	const theme = useTheme();
	const { refreshMs } = useRuntime();
	const { statuses, odd } = useStatus(props.visible);
	const polled = useRefreshText(props.visible, refreshMs, ui.frozen);
	// A pane that shows what streams in (the receiver's requests) says how many came and when, not what was polled.
	const stream = useStream();
	const streamed = stream && statuses.length === 0 ? streamTexts(stream) : undefined;
	const clock = streamed ? streamed.clock : polled;
	const { bug, problem } = useFaults();
	const failing = statuses.filter((s) => s.kind === 'error');
	// Ticks only while a retry countdown is on screen.
	const now = useNow(1000, failing.length > 0 && !ui.frozen);
	const apis = statuses.map((s) => (
		<Text key={s.api}>
			{s.kind === 'ok' ? (
				<Text color={theme.color('ok')}>● </Text>
			) : s.kind === 'error' ? (
				<Text color={theme.color('error')}>✗ </Text>
			) : (
				<Text dimColor>○ </Text>
			)}
			{apiText(s)}
			{'  '}
		</Text>
	));
	const frozen = ' · FROZEN (f resumes)';
	// The refresh interval gives way first on a narrow terminal: the clock and FROZEN never do.
	const apisWidth =
		statuses.reduce((sum, s) => sum + apiText(s).length + 4, 0) ||
		(streamed ? streamed.apis.length + 4 : nothingPolled.length);
	const fixed = `│ period ${ui.period} · `.length + clock.length + (ui.frozen ? frozen.length : 0);
	const every = ` · every ${formatSpan(refreshMs)}`;
	const showEvery = apisWidth + fixed + every.length <= props.width;
	return (
		<>
			<Box
				height={1}
				width={props.width}
				flexShrink={0}
				overflowY="hidden"
				display={props.hidden ? 'none' : 'flex'}
			>
				<Text wrap="truncate-end">
					{apis.length > 0 ? (
						apis
					) : streamed ? (
						<Text>
							<Text color={theme.color('ok')}>● </Text>
							{streamed.apis}
							{'  '}
						</Text>
					) : (
						<Text dimColor>{nothingPolled}</Text>
					)}
					<Text dimColor>│ </Text>
					period <Text bold>{ui.period}</Text>
					<Text dimColor>{showEvery ? every : ''} · </Text>
				</Text>
				<LiveText text={clock} />
				{ui.frozen ? (
					<Box flexShrink={0}>
						<Text dimColor>{frozen.slice(0, 3)}</Text>
						<Text
							color={theme.color('accent') ? 'black' : undefined}
							backgroundColor={theme.color('accent')}
							inverse={!theme.color('accent')}
							bold
						>
							{frozen.slice(3)}
						</Text>
					</Box>
				) : null}
				{odd ? (
					<Text color={theme.color('warn')} wrap="truncate-end">{` · △ ${oddFieldsText(odd)}`}</Text>
				) : null}
			</Box>
			{failing.map((s) => {
				if (s.kind !== 'error') return null;
				const retry = retryText(s, now, ui.frozen);
				// A rate limit's own countdown says all its hint would.
				const hint = s.failure.hint && !s.failure.rateLimit ? ` (${s.failure.hint})` : '';
				const keptText = s.keptAt === undefined ? '' : ` · showing the data of ${formatClock(s.keptAt)}`;
				// What went wrong comes first: the note on the kept data gives way on a narrow terminal.
				const kept = props.width - retry.length - keptText.length >= 48 ? keptText : '';
				return (
					<Box key={s.api} height={1} width={props.width} flexShrink={0} overflowY="hidden">
						<Text color={theme.color('error')} wrap="truncate-end">
							{truncate(
								`✗ ${s.api}: ${s.failure.message}${hint}`,
								Math.max(10, props.width - retry.length - kept.length),
							)}
						</Text>
						<LiveText color={theme.color('warn')} text={`${retry}${kept}`} />
					</Box>
				);
			})}
			{problem ? <FaultLine text={problemText(problem)} tone="warn" width={props.width} /> : null}
			{bug ? <FaultLine text={faultText(bug)} tone="error" width={props.width} /> : null}
		</>
	);
}
