import { Box, Text } from 'ink';
import { memo, useRef } from 'react';
import { clampOffset } from '../../../format/layout.js';
import type { Point } from '../../../format/series.js';
import { textWidth } from '../../../format/text.js';
import { gridRows } from '../key-values/key-values-view.js';
import { LiveBlock, type Span } from '../live-block/live-block-view.js';
import {
	Sparkline,
	sparklineSpans,
	sparkStats,
	statsWidthFor,
	statsWidthFrom,
} from '../sparkline/sparkline-view.js';
import { keepUnchangedRows, type SeriesRow } from './series-row.js';

export interface SeriesGridProps {
	rows: readonly SeriesRow[];
	width: number;
	/** Lines available, the title included. */
	height: number;
	title: string;
	/** First visible grid row (scrolling). */
	offset: number;
}

/** Sparkline columns: one while the series fit the lines (wider sparklines), two from 160 cells when not. */
export function gridColumns(width: number, count: number, lines: number): number {
	return width >= 160 && count > lines ? 2 : 1;
}

/** How many grid lines the series take, to bound scrolling. */
export function seriesGridLines(count: number, width: number, lines: number): number {
	return Math.ceil(count / gridColumns(width, count, lines));
}

/** Cells between the columns of the grid. */
const gridGap = 3;

/** A series' sparkline row as spans filling a cell of `width`. */
function cellSpans(series: SeriesRow, width: number, labelWidth: number, statsWidth: number): Span[] {
	const spans = sparklineSpans({
		label: series.label,
		values: series.values,
		format: series.format,
		width,
		labelWidth,
		statsWidth,
	});
	const drawn = spans.reduce((sum, span) => sum + textWidth(span.text), 0);
	return drawn < width ? [...spans, { text: ' '.repeat(width - drawn) }] : spans;
}

export function seriesLabelWidth(rows: readonly SeriesRow[]): number {
	return Math.min(24, Math.max(8, ...rows.map((r) => [...r.label].length)));
}

/** A series' sparkline, labelled and printed as the series says, in a cell of `width`. */
export function SeriesSparkline(props: {
	series: { label: string; values: readonly Point[]; format?: ((value: number) => string) | undefined };
	width: number;
	labelWidth: number;
	statsWidth: number;
}) {
	const { series, ...cell } = props;
	const format = series.format ? { format: series.format } : {};
	return <Sparkline {...cell} label={series.label} values={series.values} {...format} />;
}

/**
 * Label, sparkline and min/max/last for each series, in columns, scrolled to `offset`, as one
 * LiveBlock; drawn again only when its props change (the rows are kept while the answers they
 * come from are equal), and a row's sparkline made again only when that row changes.
 */
export const SeriesGrid = memo(function SeriesGrid(props: SeriesGridProps) {
	const kept = useRef<readonly SeriesRow[]>([]);
	kept.current = keepUnchangedRows(kept.current, props.rows);
	const rows = kept.current;
	// Each row's min/max/last width, and its spans while the cells keep their sizes: while the row is kept.
	const drawn = useRef(new WeakMap<SeriesRow, { stats: number; size?: string; spans?: Span[] }>());
	const drawnOf = (row: SeriesRow) => {
		let known = drawn.current.get(row);
		if (!known) {
			known = { stats: sparkStats(row.values, row.format).length };
			drawn.current.set(row, known);
		}
		return known;
	};
	const visible = Math.max(0, props.height - 1);
	const columns = gridColumns(props.width, rows.length, visible);
	const cellWidth = Math.floor((props.width - (columns - 1) * gridGap) / columns);
	const lines = gridRows(rows, columns);
	const start = clampOffset(props.offset, lines.length, visible);
	const shown = lines.slice(start, start + visible);
	const hidden = lines.length - shown.length;
	const labelWidth = seriesLabelWidth(rows);
	const statsWidth = statsWidthFrom(
		rows.map((row) => drawnOf(row).stats),
		cellWidth >= 60 ? statsWidthFor(8) : statsWidthFor(5),
	);
	const size = `${cellWidth} ${labelWidth} ${statsWidth}`;
	const spansOf = (row: SeriesRow) => {
		const known = drawnOf(row);
		if (known.size !== size || !known.spans) {
			known.size = size;
			known.spans = cellSpans(row, cellWidth, labelWidth, statsWidth);
		}
		return known.spans;
	};
	return (
		<Box flexDirection="column" height={props.height} overflowY="hidden">
			<Text bold wrap="truncate-end">
				{props.title}
				{hidden > 0 ? (
					<Text dimColor>
						{' '}
						{`(lines ${start + 1}-${start + shown.length} of ${lines.length}, ↑↓ to scroll)`}
					</Text>
				) : null}
			</Text>
			<LiveBlock
				lines={shown.map((line) =>
					line.flatMap((row, i) => [...(i > 0 ? [{ text: ' '.repeat(gridGap) }] : []), ...spansOf(row)]),
				)}
				width={props.width}
			/>
		</Box>
	);
});
