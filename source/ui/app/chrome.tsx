/** The frame around the panes: header, tab bar, status line, key line and the help overlay. */
import { Box, Text } from 'ink';
import { memo, useSyncExternalStore } from 'react';
import { fitText, truncate } from '../../format/text.js';
import { formatClock, formatSpan } from '../../format/time.js';
import { sanitize } from '../../text/sanitize.js';
import { useRuntime, useUi } from '../contract/context.js';
import { isModal } from '../contract/focus.js';
import { type PaneId, paneIds, paneShortTitles, paneTitles } from '../contract/panes.js';
import type { EndpointKey } from '../data/endpoints.js';
import { type ApiStatus, apiStatuses, lastRefresh } from '../data/status.js';
import {
	type Binding,
	bindingsFor,
	helpRows,
	keyLineHints,
	type Scope,
	scopeTitles,
} from '../keys/bindings.js';
import { useNow } from '../kit/hooks/use-now.js';
import { useSelector } from '../kit/hooks/use-selector.js';
import { LiveText } from '../kit/live-text/view.js';
import { builtPanes } from './pane.js';

export const Header = memo(function Header() {
	const { client, connection, readOnly } = useRuntime();
	const { managementUrl, queueUrl } = client.settings;
	const where = connection.embedded ? 'embedded local service' : sanitize(managementUrl);
	const urls =
		managementUrl === queueUrl
			? connection.embedded
				? `at ${sanitize(managementUrl)}`
				: ''
			: connection.embedded
				? `management ${sanitize(managementUrl)} · messaging ${sanitize(queueUrl)}`
				: `messaging ${sanitize(queueUrl)}`;
	return (
		<Text wrap="truncate-end">
			<Text bold color="cyan">
				mqtop
			</Text>
			<Text> {where}</Text>
			{urls ? <Text dimColor> {urls}</Text> : null}
			{connection.demo ? <Text color="magenta"> · demo traffic</Text> : null}
			{connection.receiverUrl ? <Text dimColor> · receiver {connection.receiverUrl}</Text> : null}
			{readOnly ? <Text color="yellow"> · read-only</Text> : null}
		</Text>
	);
});

/** The tab labels: full titles when they fit the width, short ones for the other tabs when not. */
export function tabLabels(current: PaneId, width: number): string[] {
	const full = paneIds.map((id, i) => `${i + 1} ${paneTitles[id]}`);
	const length = (labels: string[]) => labels.reduce((a, l) => a + l.length + 2, 0) + labels.length - 1;
	if (length(full) <= width) return full;
	return paneIds.map((id, i) => `${i + 1} ${id === current ? paneTitles[id] : paneShortTitles[id]}`);
}

export const Tabs = memo(function Tabs(props: { width: number }) {
	const { pane } = useUi();
	const labels = tabLabels(pane, props.width);
	return (
		<Text wrap="truncate-end">
			{paneIds.map((id, i) => {
				const current = id === pane;
				const built = builtPanes.has(id);
				return (
					<Text key={id}>
						<Text inverse={current} bold={current} dimColor={!built && !current}>
							{` ${labels[i]} `}
						</Text>
						{i < paneIds.length - 1 ? ' ' : ''}
					</Text>
				);
			})}
		</Text>
	);
});

/** What the status line shows, as text: it changes only when the line would. */
function statusKey(status: { statuses: ApiStatus[]; refreshed: number | undefined }): string {
	const apis = status.statuses.map((s) =>
		s.kind === 'error'
			? `${s.api} error ${s.failure.message} ${s.failure.hint} ${s.failure.retryAt} ${s.failure.failures}`
			: `${s.api} ${s.kind}`,
	);
	// The clock shows whole seconds.
	return `${apis.join('|')} ${status.refreshed === undefined ? '' : Math.floor(status.refreshed / 1000)}`;
}

/** The API statuses and the last refresh of the visible endpoints; re-renders only when they change as shown. */
export function useStatus(visible: readonly EndpointKey[]) {
	const { polls } = useRuntime();
	return useSelector(
		polls,
		(state) => ({ statuses: apiStatuses(state, visible), refreshed: lastRefresh(state, visible) }),
		statusKey,
	);
}

export function StatusLine(props: { visible: readonly EndpointKey[]; width: number }) {
	const ui = useUi();
	const { refreshMs } = useRuntime();
	const { statuses, refreshed } = useStatus(props.visible);
	const failing = statuses.filter((s) => s.kind === 'error');
	// Ticks only while a retry countdown is on screen.
	const now = useNow(1000, failing.length > 0 && !ui.frozen);
	const apis = statuses.map((s) => (
		<Text key={s.api}>
			{s.kind === 'ok' ? (
				<Text color="green">● </Text>
			) : s.kind === 'error' ? (
				<Text color="red">✗ </Text>
			) : (
				<Text dimColor>○ </Text>
			)}
			{s.api}
			{s.kind === 'ok' ? ' ok' : s.kind === 'error' ? ' failing' : ' connecting…'}
			{'  '}
		</Text>
	));
	const clock = refreshed !== undefined ? `refreshed ${formatClock(refreshed)}` : 'not refreshed yet';
	return (
		<>
			<Box height={1} width={props.width} flexShrink={0} overflowY="hidden">
				<Text wrap="truncate-end">
					{apis.length > 0 ? apis : <Text dimColor>nothing polled on this pane </Text>}
					<Text dimColor>│ </Text>
					period <Text bold>{ui.period}</Text>
					<Text dimColor> · every {formatSpan(refreshMs)} · </Text>
				</Text>
				<LiveText text={clock} />
				{ui.frozen ? (
					<Text color="black" backgroundColor="cyan" bold>
						{' FROZEN (f resumes) '}
					</Text>
				) : null}
			</Box>
			{failing.map((s) => {
				if (s.kind !== 'error') return null;
				const retry =
					ui.frozen || s.failure.retryAt === undefined
						? ' · retry paused'
						: ` · retry in ${formatSpan(s.failure.retryAt - now)}`;
				const count = s.failure.failures > 1 ? ` (${s.failure.failures} failures)` : '';
				return (
					<Box key={s.api} height={1} width={props.width} flexShrink={0} overflowY="hidden">
						<Text color="red" wrap="truncate-end">
							{truncate(
								`✗ ${s.api}: ${s.failure.message}${s.failure.hint ? ` (${s.failure.hint})` : ''}`,
								Math.max(10, props.width - 24),
							)}
						</Text>
						<LiveText color="yellow" text={`${retry}${count}`} />
					</Box>
				);
			})}
		</>
	);
}

/** The scopes whose keys work now, innermost first; `focus` is the view inside the pane that has the keys. */
export function activeScopes(ui: ReturnType<typeof useUi>, focus?: Scope): Scope[] {
	if (ui.editing) return ['input'];
	if (ui.confirm) return ['confirm'];
	if (ui.help) return ['help', 'global'];
	if (focus && isModal(focus)) return [focus];
	return [focus ?? ui.pane, 'global'];
}

/** The view of the current pane that has the keys, if not the pane itself. */
export function usePaneFocus(): Scope | undefined {
	const { focus } = useRuntime();
	const { pane } = useUi();
	return useSyncExternalStore(focus.subscribe, () => focus.getSnapshot()[pane]);
}

function hints(scopes: readonly Scope[]): Binding[] {
	return scopes.flatMap((scope) => bindingsFor(scope).filter((b) => b.hint));
}

export const KeyLine = memo(function KeyLine() {
	const ui = useUi();
	const { readOnly } = useRuntime();
	const shown = keyLineHints(hints(activeScopes(ui, usePaneFocus())), readOnly);
	return (
		<Text wrap="truncate-end">
			{shown.map((hint, i) => (
				<Text key={`${hint.keys} ${hint.label}`}>
					<Text color={hint.disabled ? 'yellow' : 'cyan'} bold={!hint.disabled} strikethrough={hint.disabled}>
						{hint.keys}
					</Text>{' '}
					<Text dimColor>{hint.label}</Text>
					{i < shown.length - 1 ? '  ' : ''}
				</Text>
			))}
		</Text>
	);
});

type HelpLine = { kind: 'title'; text: string } | { kind: 'key'; keys: string; description: string };

function helpSection(title: string, rows: { keys: string; description: string }[]): HelpLine[] {
	return [{ kind: 'title', text: title }, ...rows.map((r): HelpLine => ({ kind: 'key', ...r }))];
}

function HelpColumn(props: { lines: HelpLine[]; width: number; keyWidth: number }) {
	return (
		<Box flexDirection="column" width={props.width} flexShrink={0}>
			{props.lines.map((line) =>
				line.kind === 'title' ? (
					<Text key={`title ${line.text}`} bold wrap="truncate-end">
						{line.text}
					</Text>
				) : (
					<Text key={`${line.keys} ${line.description}`} wrap="truncate-end">
						<Text color="cyan">{fitText(line.keys, props.keyWidth)}</Text>
						{line.description}
					</Text>
				),
			)}
		</Box>
	);
}

/** Every key of the current pane, then the keys that work everywhere; two columns when one is too tall. */
export function Help(props: { width: number; height: number }) {
	const ui = useUi();
	const { readOnly } = useRuntime();
	const focus = usePaneFocus();
	const scope = focus && !isModal(focus) ? focus : ui.pane;
	const pane = helpRows(scope, readOnly);
	const own = helpSection(
		`Keys of ${paneTitles[ui.pane]}${scope === ui.pane ? '' : ` · ${scopeTitles[scope] ?? scope}`}`,
		pane.length > 0 ? pane : [{ keys: '', description: '(none of its own)' }],
	);
	const everywhere = helpSection('Everywhere', helpRows('global'));
	const inner = Math.max(10, props.width - 4);
	const tall = own.length + everywhere.length + 1 > props.height - 3;
	const keyWidth = 12;
	return (
		<Box
			flexDirection="column"
			width={props.width}
			height={props.height}
			overflowY="hidden"
			borderStyle="round"
			borderColor="cyan"
			paddingX={1}
		>
			{tall ? (
				<Box flexDirection="row" gap={2} flexShrink={0}>
					<HelpColumn lines={own} width={Math.floor((inner - 2) / 2)} keyWidth={keyWidth} />
					<HelpColumn lines={everywhere} width={Math.floor((inner - 2) / 2)} keyWidth={keyWidth} />
				</Box>
			) : (
				<HelpColumn
					lines={[...own, { kind: 'title', text: ' ' }, ...everywhere]}
					width={inner}
					keyWidth={keyWidth}
				/>
			)}
			<Text dimColor>? or esc closes this help</Text>
		</Box>
	);
}
