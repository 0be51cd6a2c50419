/** The help overlay on ?: the pane's keys, the keys everywhere and every view, scrolled when taller than the screen. */
import { Box, Text } from 'ink';
import { fitText } from '../../format/text.js';
import { useRuntime, useUi } from '../contract/context.js';
import type { Runtime } from '../contract/runtime.js';
import { commands } from '../keys/commands.js';
import { priorities } from '../keys/dispatcher.js';
import { useCommands, useKeyTable } from '../keys/use-keys.js';
import { Overlay } from '../kit/overlay/overlay-view.js';
import { wordWrap } from '../kit/text/wrap.js';
import { useTheme } from '../theme/theme.js';
import { helpScrollBindings } from './bindings.js';
import { usePaneFocus } from './key-line.js';
import { lackingApi, namesOf, numbered } from './panes.js';

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
	useCommands(
		commands(helpScrollBindings, 'help', {
			'nav.up': () => scroll(-1),
			'nav.down': () => scroll(1),
			'nav.pageUp': () => scroll(-page),
			'nav.pageDown': () => scroll(page),
		}),
		priorities.overlay,
	);
	const closing = '? or esc closes this help';
	return (
		<Overlay width={props.width} height={props.height} borderColor={theme.color('accent')}>
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
		</Overlay>
	);
}
