/** The frame around the panes: header, tab bar, status line, key line and the help overlay. */
import { Box, Text } from 'ink';
import { memo, useSyncExternalStore } from 'react';
import { describeIssue } from '../../api/liberal.js';
import { fitText, truncate } from '../../format/text.js';
import { formatClock, formatSpan } from '../../format/time.js';
import { maskUrlCredentials } from '../../text/mask.js';
import { sanitize } from '../../text/sanitize.js';
import { unconfiguredApis } from '../contract/connection.js';
import { useRuntime, useUi } from '../contract/context.js';
import type { Runtime } from '../contract/runtime.js';
import type { ShellState } from '../contract/shell-state.js';
import type { EndpointInfo } from '../data/endpoints.js';
import type { Fault, FaultsState } from '../data/faults.js';
import { type ApiStatus, apiStatuses, lastRefresh, type OddFields, oddFields } from '../data/status.js';
import { priorities } from '../keys/dispatcher.js';
import {
	type Binding,
	fitKeyLine,
	type KeyTable,
	keyLineGap,
	keyLineHints,
	type Scope,
} from '../keys/key-table.js';
import { useCommands, useKeyTable } from '../keys/use-keys.js';
import { useNow } from '../kit/hooks/use-now.js';
import { useSelector } from '../kit/hooks/use-selector.js';
import { LiveText } from '../kit/live-text/view.js';
import { wordWrap } from '../kit/text/wrap.js';
import { useTheme } from '../theme/theme.js';
import { HealthBadge } from './health.js';
import { lackingApi, namesOf, numbered, tabPanes } from './panes.js';

export const Header = memo(function Header(props: { width: number }) {
	const { client, connection, readOnly } = useRuntime();
	// A URL may carry a password (https://user:pass@host); the header is always on screen.
	const managementUrl = maskUrlCredentials(client.settings.managementUrl);
	const queueUrl = maskUrlCredentials(client.settings.queueUrl);
	const local = connection.localServer;
	// A deployment may be given one API only: it is named by the URL it has.
	const where = !connection.embedded
		? sanitize(managementUrl || queueUrl)
		: local
			? 'local server'
			: 'embedded local service';
	const urls =
		managementUrl === queueUrl || !managementUrl || !queueUrl
			? connection.embedded
				? `at ${sanitize(managementUrl)}`
				: ''
			: connection.embedded
				? `management ${sanitize(managementUrl)} · messaging ${sanitize(queueUrl)}`
				: `messaging ${sanitize(queueUrl)}`;
	const whose =
		local?.kind === 'running'
			? ' (mqtop serve)'
			: local?.kind === 'own'
				? ` · state in ${sanitize(local.dataDir)}`
				: '';
	const theme = useTheme();
	return (
		<Text wrap="truncate-end">
			<HealthBadge width={props.width} />
			<Text bold color={theme.color('accent')}>
				mqtop
			</Text>
			<Text> {where}</Text>
			{urls ? (
				<Text dimColor>
					{' '}
					{urls}
					{whose}
				</Text>
			) : null}
			{connection.demo ? <Text color={theme.color('special')}> · demo traffic</Text> : null}
			{connection.receiverUrl ? <Text dimColor> · receiver {connection.receiverUrl}</Text> : null}
			{readOnly ? <Text color={theme.color('warn')}> · read-only</Text> : null}
		</Text>
	);
});

/** The tab line: its labels, and whether a space stands between the tabs besides their own padding. */
export interface TabLine {
	labels: string[];
	gap: boolean;
}

/**
 * The tab line that fits the width: full titles; else short ones for the other tabs; else the
 * same without the space between tabs (nine tabs in 80 columns); else short titles for all.
 */
export function tabLine(panes: Runtime['panes'], current: string, width: number): TabLine {
	const tabs = tabPanes(panes, current);
	const keys = new Map(numbered(panes).map((p, i) => [p.id, `${i + 1} `]));
	const label = (p: (typeof tabs)[number], title: string) => `${keys.get(p.id) ?? ':'}${title}`;
	const full = tabs.map((p) => label(p, p.title));
	const currentFull = tabs.map((p) => label(p, p.id === current ? p.title : p.shortTitle));
	const short = tabs.map((p) => label(p, p.shortTitle));
	const length = (line: TabLine) =>
		line.labels.reduce((a, l) => a + l.length + 2, 0) + (line.gap ? line.labels.length - 1 : 0);
	const choices: TabLine[] = [
		{ labels: full, gap: true },
		{ labels: currentFull, gap: true },
		{ labels: currentFull, gap: false },
		{ labels: short, gap: false },
	];
	return choices.find((line) => length(line) <= width) ?? choices.at(-1)!;
}

/** The tabs; the current one inverse and bold, which shows without colours too. */
export const Tabs = memo(function Tabs(props: { width: number }) {
	const { pane } = useUi();
	const { panes } = useRuntime();
	const tabs = tabPanes(panes, pane);
	const { labels, gap } = tabLine(panes, pane, props.width);
	return (
		<Text wrap="truncate-end">
			{tabs.map((p, i) => {
				const current = p.id === pane;
				return (
					<Text key={p.id}>
						<Text inverse={current} bold={current}>
							{` ${labels[i]} `}
						</Text>
						{gap && i < tabs.length - 1 ? ' ' : ''}
					</Text>
				);
			})}
		</Text>
	);
});

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
	refreshed: number | undefined;
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
	// The clock shows whole seconds.
	return `${apis.join('|')} ${status.refreshed === undefined ? '' : Math.floor(status.refreshed / 1000)} ${odd}`;
}

/** The API statuses and the last refresh of the visible endpoints; re-renders only when they change as shown. */
export function useStatus(visible: readonly EndpointInfo[]): Status {
	const runtime = useRuntime();
	const { polls, connection } = runtime;
	const unconfigured = unconfiguredApis(connection);
	const required = runtime.pane(useUi().pane).module.requires ?? [];
	return useSelector(
		polls,
		(state) => ({
			statuses: apiStatuses(state, visible, unconfigured, required),
			refreshed: lastRefresh(state, visible),
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
	const { statuses, refreshed, odd } = useStatus(props.visible);
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
	const clock = refreshed !== undefined ? `refreshed ${formatClock(refreshed)}` : 'not refreshed yet';
	const frozen = ' · FROZEN (f resumes)';
	// The refresh interval gives way first on a narrow terminal: the clock and FROZEN never do.
	const apisWidth = statuses.reduce((sum, s) => sum + apiText(s).length + 4, 0) || nothingPolled.length;
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
					{apis.length > 0 ? apis : <Text dimColor>{nothingPolled}</Text>}
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

/** The scopes whose keys work now, innermost first; `focus` is the view inside the pane that has the keys. */
export function activeScopes(table: KeyTable, shell: ShellState, focus?: Scope): Scope[] {
	if (shell.command) return ['command'];
	if (focus && table.isModal(focus)) return [focus];
	if (shell.help) return ['help', 'global'];
	if (shell.health) return ['health', 'global'];
	return [focus ?? shell.pane, 'global'];
}

/** The view of the current pane that has the keys, if not the pane itself. */
export function usePaneFocus(): Scope | undefined {
	const runtime = useRuntime();
	const { pane } = useUi();
	const instance = runtime.pane(pane);
	// A pane shown as the settings it lacks has no view to take the keys.
	const lacking = lackingApi(instance.module, runtime.connection) !== undefined;
	return useSyncExternalStore(instance.store.subscribe, () =>
		lacking ? undefined : instance.module.focus?.(instance.store.getSnapshot()),
	);
}

/** The bindings with a hint in these scopes, innermost first; one whose keys an inner scope takes is left out. */
function hints(table: KeyTable, scopes: readonly Scope[]): Binding[] {
	const taken = new Set<string>();
	return scopes.flatMap((scope) => {
		const bindings = table.bindingsFor(scope);
		const shown = bindings.filter((b) => b.hint && !b.keys.every((k) => taken.has(k)));
		for (const b of bindings) for (const k of b.keys) taken.add(k);
		return shown;
	});
}

/** The keys that work now, as many whole entries as the width holds, the most used first. */
export const KeyLine = memo(function KeyLine(props: { width: number }) {
	const ui = useUi();
	const table = useKeyTable();
	const theme = useTheme();
	const runtime = useRuntime();
	const focus = usePaneFocus();
	// A pane shown as the settings it lacks has none of its own keys.
	const lacking = lackingApi(runtime.pane(ui.pane).module, runtime.connection) !== undefined;
	const scopes = lacking && !ui.help ? ['global'] : activeScopes(table, ui, focus);
	const shown = fitKeyLine(keyLineHints(hints(table, scopes), runtime.readOnly), props.width);
	return (
		<Text wrap="truncate-end">
			{shown.map((hint, i) => (
				<Text key={`${hint.keys} ${hint.label}`}>
					<Text
						color={theme.color(hint.disabled ? 'warn' : 'accent')}
						bold={!hint.disabled}
						strikethrough={hint.disabled}
					>
						{hint.keys}
					</Text>{' '}
					<Text dimColor>{hint.label}</Text>
					{i < shown.length - 1 ? ' '.repeat(keyLineGap) : ''}
				</Text>
			))}
		</Text>
	);
});

type HelpLine = { kind: 'title'; text: string } | { kind: 'key'; keys: string; text: string };

/** A section of the help: its title, then each key with its description wrapped under itself. */
export function helpSection(
	title: string,
	rows: readonly { keys: string; description: string }[],
	descriptionWidth: number,
): HelpLine[] {
	return [
		{ kind: 'title', text: title },
		...rows.flatMap((r) =>
			wordWrap(r.description, descriptionWidth).map(
				(text, i): HelpLine => ({ kind: 'key', keys: i === 0 ? r.keys : '', text }),
			),
		),
	];
}

/**
 * The lines in two columns of `room` rows, as a newspaper sets them: the second column goes on
 * where the first ends, never in the middle of a key's description and never with a blank line
 * on top. Undefined when the two do not hold them all.
 */
export function flowColumns(lines: readonly HelpLine[], room: number): HelpLine[][] | undefined {
	const starts = (i: number) =>
		lines[i]?.kind === 'title' || (lines[i]?.kind === 'key' && lines[i]?.keys !== '');
	let split = Math.min(room, lines.length);
	while (split > 1 && split < lines.length && !starts(split)) split--;
	// A title (or a blank) does not end a column: it goes over with what it heads.
	while (split > 1 && split < lines.length && lines[split - 1]?.kind === 'title') split--;
	const first = lines.slice(0, split);
	let rest = lines.slice(split);
	while (rest[0]?.kind === 'title' && rest[0].text === ' ') rest = rest.slice(1);
	return rest.length <= room ? [first, rest] : undefined;
}

function HelpColumn(props: { lines: readonly HelpLine[]; width: number; keyWidth: number }) {
	const theme = useTheme();
	return (
		<Box flexDirection="column" width={props.width} flexShrink={0}>
			{props.lines.map((line, i) =>
				line.kind === 'title' ? (
					// biome-ignore lint/suspicious/noArrayIndexKey: lines of one column, in order (blank titles repeat)
					<Text key={`${i} ${line.text}`} bold wrap="truncate-end">
						{line.text}
					</Text>
				) : (
					// biome-ignore lint/suspicious/noArrayIndexKey: rows of one list, in order
					<Text key={i} wrap="truncate-end">
						<Text color={theme.color('accent')} bold>
							{fitText(line.keys, props.keyWidth)}
						</Text>
						{line.text}
					</Text>
				),
			)}
		</Box>
	);
}

const viewsTitle = 'Views: a number key, or : and a name';

/** Every view: its number key if it has one, then its names for `:` and what it shows. */
export function viewRows(panes: Runtime['panes']): { keys: string; description: string }[] {
	const keys = new Map(numbered(panes).map((p, i) => [p.id, String(i + 1)]));
	const rows = panes.map((pane) => {
		const names = [pane.id, ...namesOf(pane).filter((n) => n !== pane.id && n !== pane.title.toLowerCase())];
		return {
			keys: keys.get(pane.id) ?? '',
			description: `${names.map((n) => `:${n}`).join(' ')} · ${pane.summary}`,
		};
	});
	const byId = panes.filter((p) => p.open).map((p) => p.id);
	if (byId.length === 0) return rows;
	return [...rows, { keys: '', description: `:${byId.join(', :')} and a message id open on that message` }];
}

/** How the help is laid out in `room` rows: one column, two, or one that scrolls. */
export type HelpLayout =
	| { kind: 'one'; lines: HelpLine[] }
	| { kind: 'two'; columns: HelpLine[][]; width: number }
	| { kind: 'scroll'; lines: HelpLine[]; offset: number; count: number };

/**
 * One column where everything fits, else two; else one column of the whole width that scrolls,
 * `scroll` lines down (clamped). `lines(width)` are the lines for descriptions that wide.
 */
export function helpLayout(
	lines: (width: number) => HelpLine[],
	width: number,
	room: number,
	scroll: number,
): HelpLayout {
	const single = lines(width);
	if (single.length <= room) return { kind: 'one', lines: single };
	const half = Math.floor((width - 2) / 2);
	const columns = flowColumns(lines(half), room);
	if (columns) return { kind: 'two', columns, width: half };
	const count = single.length - room + 1;
	return { kind: 'scroll', lines: single, offset: Math.min(Math.max(0, scroll), count - 1), count };
}

/**
 * Every key of the current pane, then the keys that work everywhere, then every view with its
 * number key and its names for `:`; descriptions wrap rather than being cut. One column when
 * it fits the height, else two; else one that scrolls, the most useful first.
 */
export function Help(props: { width: number; height: number }) {
	const ui = useUi();
	const runtime = useRuntime();
	const table = useKeyTable();
	const theme = useTheme();
	const focus = usePaneFocus();
	const module = runtime.pane(ui.pane).module;
	const scope = focus && !table.isModal(focus) ? focus : ui.pane;
	// A pane shown as the settings it lacks has none of its own keys.
	const own = lackingApi(module, runtime.connection) ? [] : table.helpRows(scope, runtime.readOnly);
	const everywhere = table.helpRows('global');
	const title = `Keys of ${module.title}${scope === ui.pane ? '' : ` · ${table.titleOf(scope) ?? scope}`}`;
	const ownRows = own.length > 0 ? own : [{ keys: '', description: '(none of its own)' }];
	const inner = Math.max(10, props.width - 4);
	const views = viewRows(runtime.panes);
	const keyWidth = Math.min(14, Math.max(...[...own, ...everywhere].map((r) => r.keys.length)) + 2);
	// The border and the closing line take three rows.
	const room = Math.max(1, props.height - 3);
	const blank: HelpLine = { kind: 'title', text: ' ' };
	const lines = (width: number): HelpLine[] => [
		...helpSection(title, ownRows, width - keyWidth),
		blank,
		...helpSection('Everywhere', everywhere, width - keyWidth),
		blank,
		...helpSection(viewsTitle, views, width - keyWidth),
	];
	const layout = helpLayout(lines, inner, room, ui.helpScroll);
	const page = Math.max(1, room - 1);
	const scroll = (delta: number) =>
		runtime.ui.dispatch({ type: 'help/scroll', delta, count: layout.kind === 'scroll' ? layout.count : 1 });
	useCommands('help', priorities.overlay, {
		'nav.up': () => scroll(-1),
		'nav.down': () => scroll(1),
		'nav.pageUp': () => scroll(-page),
		'nav.pageDown': () => scroll(page),
	});
	const closing = '? or esc closes this help';
	return (
		<Box
			flexDirection="column"
			width={props.width}
			height={props.height}
			overflowY="hidden"
			borderStyle="round"
			borderColor={theme.color('accent')}
			paddingX={1}
		>
			{layout.kind === 'one' ? (
				<HelpColumn lines={layout.lines} width={inner} keyWidth={keyWidth} />
			) : layout.kind === 'two' ? (
				<Box flexDirection="row" gap={2} flexShrink={0}>
					{layout.columns.map((column, i) => (
						// biome-ignore lint/suspicious/noArrayIndexKey: the two columns, in order
						<HelpColumn key={i} lines={column} width={layout.width} keyWidth={keyWidth} />
					))}
				</Box>
			) : (
				<HelpColumn
					lines={layout.lines.slice(layout.offset, layout.offset + room)}
					width={inner}
					keyWidth={keyWidth}
				/>
			)}
			{layout.kind === 'scroll' ? (
				<Text dimColor wrap="truncate-end">
					{`lines ${layout.offset + 1}-${Math.min(layout.lines.length, layout.offset + room)} of ${layout.lines.length} · ↑↓ scroll · ${closing}`}
				</Text>
			) : (
				<Text dimColor>{closing}</Text>
			)}
		</Box>
	);
}
