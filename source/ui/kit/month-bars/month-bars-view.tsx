import { memo } from 'react';
import { type Point, verticalBars } from '../../../format/series.js';
import { type BlockLine, LiveBlock } from '../live-block/live-block-view.js';

export interface MonthBarsProps {
	values: readonly Point[];
	/** Weekday names, index-aligned with values (sanitised). */
	days: readonly string[];
	today: number;
	/** The day under the cursor. */
	selected: number;
	width: number;
	height: number;
}

/** Cells per day: up to 3 (2 of bar and a gap), at least 1. */
export function dayWidth(width: number, count: number): number {
	return Math.max(1, Math.min(3, Math.floor(width / Math.max(1, count))));
}

type DayStyle = 'past' | 'selected' | 'future';

interface Run {
	start: number;
	style: DayStyle;
	text: string;
}

/** Consecutive days of one style as one piece of text, so a row is a few Text nodes, not 31. */
export function styleRuns(cells: readonly string[], style: (day: number) => DayStyle): Run[] {
	const runs: Run[] = [];
	cells.forEach((text, day) => {
		const s = style(day);
		const last = runs.at(-1);
		if (last && last.style === s) last.text += text;
		else runs.push({ start: day, style: s, text });
	});
	return runs;
}

const colors: Record<DayStyle, string> = { past: 'green', selected: 'yellow', future: 'gray' };

/**
 * The month day by day: one bar per day, index-aligned with `days`, under it the weekday
 * initials. The selected day is yellow (its initial inverted), days still to come grey.
 */
export const MonthBars = memo(function MonthBars(props: MonthBarsProps) {
	const cell = dayWidth(props.width, props.values.length);
	const bar = Math.max(1, cell - 1);
	const pad = cell > bar ? ' ' : '';
	const style = (day: number): DayStyle =>
		day === props.selected ? 'selected' : day > props.today ? 'future' : 'past';
	// Top row first.
	const rows = verticalBars(props.values, props.height).map((row) =>
		[...row].map((ch) => ch.repeat(bar) + pad),
	);
	const axis = props.values.map((_, day) => (props.days[day]?.slice(0, bar) ?? '?').padEnd(bar) + pad);
	const lines: BlockLine[] = [
		...rows.map((cells) =>
			styleRuns(cells, style).map((run) => ({ text: run.text, color: colors[run.style] })),
		),
		styleRuns(axis, style).map((run) => ({
			text: run.text,
			inverse: run.style === 'selected',
			dim: run.style === 'future',
		})),
	];
	return <LiveBlock lines={lines} width={props.width} />;
});
