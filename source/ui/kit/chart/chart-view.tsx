import { memo } from 'react';
import { summarize } from '../../../format/series.js';
import { fitText } from '../../../format/text.js';
import { sameItems } from '../../data/same-items.js';
import { type Tone, useTheme } from '../../theme/theme.js';
import { type BlockLine, LiveBlock } from '../live-block/live-block-view.js';
import { type ChartData, chartLines, plotWidth } from './lines.js';

export interface ChartProps {
	/** Our own words: `delivered`. */
	title: string;
	data: ChartData;
	/** Lines in all: the title, the plot rows and the time axis. */
	height: number;
	width: number;
	/** Time a column stands for. */
	stepMs: number;
	/** A value with its unit, e.g. `12/s` or `3.1 KiB/s`. */
	format: (value: number) => string;
	tone: Tone;
	/** Said after the numbers, in the warning tone: why some columns are estimates, or what is missing. */
	note?: string | undefined;
}

/** Values whose labels are as wide as an axis label gets: the axis keeps its width as data changes. */
const probes = [0, 0.25, 2.5, 25, 250, 999, 1023, 1536, 10_240, 999_000, 1_500_000];

function labelWidthFor(format: (value: number) => string): number {
	return Math.max(3, ...probes.map((v) => format(v).length));
}

/** Columns a chart `width` wide plots with this format: how many values its data should hold. */
export function chartColumns(width: number, format: (value: number) => string): number {
	return plotWidth(width, labelWidthFor(format));
}

/** Props that draw the same chart: every prop the same, the data compared by its values (callers compute it anew). */
function sameChart(a: ChartProps, b: ChartProps): boolean {
	const keys = Object.keys(a) as (keyof ChartProps)[];
	return (
		keys.length === Object.keys(b).length &&
		keys.every((key) =>
			key === 'data'
				? sameItems(a.data.values, b.data.values) && sameItems(a.data.estimates, b.data.estimates)
				: Object.is(a[key], b[key]),
		)
	);
}

/**
 * A titled multi-row chart: `title  last … min … max …` (a `~` before a value that is an
 * estimate), the columns with a y axis in units, estimates dimmed, and a time axis. Drawn again
 * only when what it shows changes: the live charts move one at a time.
 */
export const Chart = memo(function Chart(props: ChartProps) {
	const theme = useTheme();
	const { width, format } = props;
	const labelWidth = labelWidthFor(format);
	const columns = plotWidth(width, labelWidth);
	const data = { values: props.data.values.slice(-columns), estimates: props.data.estimates.slice(-columns) };
	const summary = summarize(data.values);
	const plotRows = Math.max(1, props.height - 2);
	const lines = chartLines(data, {
		height: plotRows,
		labelWidth,
		stepMs: props.stepMs,
		format,
		note: props.note,
	});
	const lastEstimate = data.estimates.at(-1) === true;
	const numbers = summary
		? `  ${lastEstimate ? '~' : ''}${format(summary.last)}  min ${format(summary.min)}  max ${format(summary.max)}`
		: '  no data yet';
	const room = Math.max(0, width - props.title.length);
	const note = lines.note ? `  ~ ${lines.note}` : '';
	const body: BlockLine[] = [
		[
			{ text: props.title, bold: true, color: theme.color(props.tone) },
			{ text: fitText(numbers, Math.min(room, numbers.length)) },
			...(note && room > numbers.length
				? [{ text: fitText(note, room - numbers.length), color: theme.color('warn') }]
				: []),
		],
		...lines.rows.map((row) => [
			{ text: row.axis, dim: true },
			...row.runs.map((run) => ({
				text: run.text,
				color: theme.color(run.estimate ? 'muted' : props.tone),
				dim: run.estimate && !theme.color('muted'),
			})),
		]),
		lines.time.map((part) => ({
			text: part.text,
			dim: !part.note,
			color: part.note ? theme.color('warn') : undefined,
		})),
	];
	// The box's height holds the lines: a chart too short for its axis loses its last lines.
	return <LiveBlock lines={body.slice(0, props.height)} width={width} />;
}, sameChart);
