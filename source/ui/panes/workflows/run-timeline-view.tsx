/**
 * The open run: its facts, then its steps as a waterfall on one time axis (a name column, the
 * bar, the duration), the selected step marked. The layout is computed (format/timeline-layout);
 * this only paints it: running solid in the step's colour, waiting dim, failed attempts in the
 * error colour. The lines scroll to keep the selected step in view.
 */
import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import type { TimelineStep } from '../../../format/run-timeline.js';
import {
	type CellKind,
	cellChars,
	type TimelineLayout,
	type TimelineRow,
} from '../../../format/timeline-layout.js';
import { formatElapsed } from '../../../format/workflow-run.js';
import { sanitize } from '../../../text/sanitize.js';
import { DetailView } from '../../kit/detail-view/detail-view.js';
import type { DetailLine } from '../../kit/detail-view/lines.js';
import { type Theme, type Tone, useTheme } from '../../theme/theme.js';
import { stateTone } from './workflows-model.js';

/** The colour a step's running cells take: failed, cancelled, still going, or done. */
function runTone(step: TimelineStep): Tone {
	if (step.failed) return 'error';
	if (step.state === 'STEP_CANCELED') return 'muted';
	if (step.live || step.group === 'next') return 'info';
	return 'ok';
}

function Cells(props: { kind: CellKind; text: string; tone: Tone; theme: Theme }) {
	if (props.kind === 'wait') return <Text dimColor>{props.text}</Text>;
	if (props.kind === 'fail') return <Text color={props.theme.color('error')}>{props.text}</Text>;
	if (props.kind === 'none') return <Text>{props.text}</Text>;
	return <Text color={props.theme.color(props.tone)}>{props.text}</Text>;
}

function BarRow(props: { row: TimelineRow; layout: TimelineLayout; selected: boolean; theme: Theme }) {
	const { row, layout, selected, theme } = props;
	const tone = runTone(row.step);
	const drawn = row.bar.reduce((n, piece) => n + [...piece.text].length, 0);
	return (
		<Text wrap="truncate-end">
			<Text bold={selected}>{selected ? '› ' : '  '}</Text>
			<Text bold={selected} inverse={selected} color={theme.color(stateTone(row.step.state))}>
				{sanitize(row.name)}
			</Text>{' '}
			{row.bar.map((piece, i) => (
				// biome-ignore lint/suspicious/noArrayIndexKey: pieces are positions along the bar
				<Cells key={i} kind={piece.kind} text={piece.text} tone={tone} theme={theme} />
			))}
			{' '.repeat(Math.max(0, layout.barWidth - drawn))}{' '}
			<Text color={row.step.live ? theme.color('info') : undefined} dimColor={!row.step.live}>
				{row.duration}
			</Text>
			{layout.noteWidth > 0 ? <Text dimColor> {sanitize(row.note)}</Text> : null}
		</Text>
	);
}

/** What the cells mean, and how much time one column is. */
export function legendText(layout: TimelineLayout): string {
	return `${cellChars.run} running  ${cellChars.wait} waiting  ${cellChars.fail} failed attempt  ‖ parallel  → in motion · 1 column ${formatElapsed(layout.msPerCell)}`;
}

export interface RunTimelineScreenProps {
	title: ReactNode;
	prompt: ReactNode;
	facts: readonly DetailLine[];
	extras: readonly DetailLine[];
	layout: TimelineLayout;
	/** The selected step, by its place on the time line. */
	selected: number;
	width: number;
	height: number;
}

export function RunTimelineScreen(props: RunTimelineScreenProps) {
	const theme = useTheme();
	const { layout, width } = props;
	const body = Math.max(1, props.height - 2);
	const selected = Math.min(props.selected, Math.max(0, layout.rows.length - 1));
	const detail = (key: string, line: DetailLine) => (
		<DetailView key={key} lines={[line]} offset={0} height={1} width={width} />
	);
	// The facts, a blank line, the legend and the scale, the steps, then what mqtop does not read.
	const head: ReactNode[] = [
		...props.facts.map((line, i) => detail(`f${i}`, line)),
		<Text key="blank"> </Text>,
		<Text key="legend" dimColor wrap="truncate-end">
			{legendText(layout)}
		</Text>,
		<Text key="scale" dimColor wrap="truncate-end">
			{' '.repeat(2 + layout.nameWidth + 1)}
			{layout.scale}
		</Text>,
	];
	const lines: ReactNode[] = [
		...head,
		...layout.rows.map((row, i) => (
			<BarRow key={`s${row.step.index}`} row={row} layout={layout} selected={i === selected} theme={theme} />
		)),
		...props.extras.map((line, i) => detail(`x${i}`, line)),
	];
	const atLast = selected === layout.rows.length - 1;
	// The selected step in view; at the last step, what follows the steps too.
	const offsetIn = (room: number) =>
		Math.min(
			Math.max(0, lines.length - room),
			Math.max(0, head.length + selected - room + 1 + (atLast ? props.extras.length : 0)),
		);
	// Once the scale scrolls away, it stays on top of the steps.
	const scale = head.length - 1;
	const pinned = offsetIn(body) > scale && body > 2;
	const offset = offsetIn(pinned ? body - 1 : body);
	const shown = pinned
		? [head[scale], ...lines.slice(offset, offset + body - 1)]
		: lines.slice(offset, offset + body);
	return (
		<Box flexDirection="column" width={width} height={props.height} overflowY="hidden">
			<Text bold wrap="truncate-end">
				{props.title}
				<Text dimColor> · esc back · ↑↓ a step · enter opens it</Text>
			</Text>
			{props.prompt}
			{shown}
		</Box>
	);
}
