/**
 * A run's time line (./run-timeline.ts) fitted to a width, as a waterfall: a column of step
 * names, the bars on one axis that scales to the room left, and each step's duration; above
 * them a scale labelled in time. Pure: the view paints the cells by their kind.
 */
import { sanitize } from '../text/sanitize.js';
import type { RunTimeline, TimelineStep } from './run-timeline.js';
import { fitText, truncate } from './text.js';
import { formatElapsed } from './workflow-run.js';

/** What a cell of a bar shows: running, waiting, a failed attempt, or nothing. */
export type CellKind = 'run' | 'wait' | 'fail' | 'none';

export const cellChars: Readonly<Record<CellKind, string>> = { run: '█', wait: '░', fail: '×', none: ' ' };

/** Cells of one kind in a row. */
export interface BarPiece {
	kind: CellKind;
	text: string;
}

export interface TimelineRow {
	step: TimelineStep;
	/** The name column, marked `‖` for a parallel branch and `→` for what is in motion; fitted. */
	name: string;
	bar: BarPiece[];
	/** The step's duration, right-aligned. */
	duration: string;
	/** What it waited for or how it fared, when there is room; fitted. */
	note: string;
}

export interface TimelineLayout {
	nameWidth: number;
	barWidth: number;
	durationWidth: number;
	noteWidth: number;
	/** Time per column of the bars. */
	msPerCell: number;
	/** The labelled axis, as wide as the bars. */
	scale: string;
	rows: TimelineRow[];
}

/** Widths left of and around the bars: the selection mark and the gaps. */
const markWidth = 2;
const durationWidth = 7;
const minBar = 10;

/** Tick steps an axis may use: round numbers of ms, seconds, minutes, hours, days. */
const steps = [
	1, 2, 5, 10, 20, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10_000, 15_000, 30_000, 60_000, 120_000, 300_000,
	600_000, 900_000, 1_800_000, 3_600_000, 7_200_000, 10_800_000, 21_600_000, 43_200_000, 86_400_000,
	172_800_000, 604_800_000,
];

/** A tick's label: `0`, `250ms`, `1.5s`, `2s`, `5m`, `1h30m`. */
export function tickLabel(ms: number): string {
	if (ms === 0) return '0';
	if (ms < 1000) return `${ms}ms`;
	if (ms < 60_000) return `${Number((ms / 1000).toFixed(1))}s`;
	return formatElapsed(ms);
}

/** The axis over `span` ms in `width` columns: labels at round ticks, none of them crowded. */
export function scaleLine(span: number, width: number): string {
	const cells = Array.from({ length: width }, () => ' ');
	const perCell = span / width;
	// Room for a label and a space between labels.
	const widest = Math.max(...[span, span / 2].map((t) => tickLabel(Math.round(t)).length)) + 2;
	const tick =
		steps.find((step) => step / perCell >= widest) ??
		Math.ceil(span / Math.max(1, Math.floor(width / widest)));
	let free = 0;
	for (let t = 0; t <= span; t += tick) {
		const at = Math.round(t / perCell);
		const label = tickLabel(t);
		if (at < free || at + label.length > width) continue;
		for (const [i, c] of [...label].entries()) cells[at + i] = c;
		free = at + label.length + 1;
	}
	return cells.join('');
}

/** The cells of one step's bar: each cell shows the strongest thing in its time (a failure, running, waiting). */
function barOf(step: TimelineStep, start: number, perCell: number, width: number): BarPiece[] {
	const kinds: CellKind[] = Array.from({ length: width }, () => 'none');
	const cell = (t: number) => Math.min(width - 1, Math.max(0, Math.floor((t - start) / perCell)));
	const rank: Record<CellKind, number> = { none: 0, wait: 1, run: 2, fail: 3 };
	const paint = (from: number, to: number, kind: CellKind) => {
		// A span that ends on a column's edge does not spill into the next column; an instant is one cell.
		const first = cell(from);
		const last =
			to > from ? Math.min(width - 1, Math.max(first, Math.ceil((to - start) / perCell) - 1)) : first;
		for (let i = first; i <= last; i++) if (rank[kind] > rank[kinds[i]!]) kinds[i] = kind;
	};
	for (const span of step.spans) paint(span.from, span.to, span.kind);
	if (step.spans.length === 0) paint(step.from, step.to, 'run');
	for (const at of step.failures) paint(at, at, 'fail');
	const pieces: BarPiece[] = [];
	for (const kind of kinds) {
		const last = pieces.at(-1);
		if (last?.kind === kind) last.text += cellChars[kind];
		else pieces.push({ kind, text: cellChars[kind] });
	}
	// Blank cells after the bar are left out.
	if (pieces.at(-1)?.kind === 'none') pieces.pop();
	return pieces;
}

function marked(step: TimelineStep): string {
	return step.group === 'parallel' ? `‖ ${step.name}` : step.group === 'next' ? `→ ${step.name}` : step.name;
}

/** The time line in `width` columns: names up to a quarter of it, a note column when it is wide. */
export function layoutTimeline(timeline: RunTimeline, width: number): TimelineLayout {
	// Names and notes came from the network: escaped before they are measured and cut.
	const names = timeline.steps.map((step) => sanitize(marked(step)));
	const longest = Math.max(4, ...names.map((n) => [...n].length));
	const nameWidth = Math.min(longest, Math.max(8, Math.floor(width / 4)), 32);
	const notes = timeline.steps.map((s) => sanitize(s.note));
	const longestNote = Math.max(0, ...notes.map((n) => [...n].length));
	const noteWidth = width >= 120 && longestNote > 0 ? Math.min(longestNote, 28) : 0;
	const fixed = markWidth + nameWidth + 1 + 1 + durationWidth + (noteWidth > 0 ? noteWidth + 1 : 0);
	const barWidth = Math.max(minBar, width - fixed);
	const span = Math.max(1, timeline.end - timeline.start);
	const msPerCell = span / barWidth;
	return {
		nameWidth,
		barWidth,
		durationWidth,
		noteWidth,
		msPerCell,
		scale: scaleLine(span, barWidth),
		rows: timeline.steps.map((step, i) => ({
			step,
			name: fitText(names[i]!, nameWidth),
			bar: barOf(step, timeline.start, msPerCell, barWidth),
			duration: fitText(formatElapsed(step.to - step.from), durationWidth, 'right'),
			note: noteWidth > 0 ? truncate(notes[i]!, noteWidth) : '',
		})),
	};
}
