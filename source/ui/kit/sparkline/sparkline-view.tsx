import { memo } from 'react';
import { sparklineLayout } from '../../../format/layout.js';
import { formatCount } from '../../../format/number.js';
import { type Point, resample, sparkline, summarize } from '../../../format/series.js';
import { fitText } from '../../../format/text.js';
import { LiveBlock, type Span } from '../live-block/live-block-view.js';

export interface SparklineProps {
	/** Our own label, or sanitised text. */
	label: string;
	values: readonly Point[];
	/** Total cells of the row: label, sparkline and the min/max/last text. */
	width: number;
	labelWidth: number;
	/** Cells for the min/max/last text; 0 leaves it out. */
	statsWidth: number;
	format?: (value: number) => string;
	color?: string;
}

/**
 * The min/max/last text of a series, e.g. `min 0  max 12  last 3`, or just `last 3` when the
 * whole text does not fit `width`; `no data` when every point is missing.
 */
export function sparkStats(
	values: readonly Point[],
	format: (value: number) => string = formatCount,
	width = Number.POSITIVE_INFINITY,
): string {
	const summary = summarize(values);
	if (!summary) return 'no data';
	const last = `last ${format(summary.last)}`;
	const full = `min ${format(summary.min)}  max ${format(summary.max)}  ${last}`;
	return full.length <= width ? full : last;
}

/** Cells the min/max/last text needs with values of at most `valueWidth` cells. */
export function statsWidthFor(valueWidth: number): number {
	return 'min   max   last '.length + 3 * valueWidth;
}

/** Cells for the min/max/last text of rows shown together: the longest of them, within bounds. */
export function statsWidthOf(
	rows: readonly { values: readonly Point[]; format?: (value: number) => string }[],
	max = statsWidthFor(8),
): number {
	return statsWidthFrom(
		rows.map((r) => sparkStats(r.values, r.format ?? formatCount).length),
		max,
	);
}

/** statsWidthOf, from the length of each row's min/max/last text. */
export function statsWidthFrom(lengths: readonly number[], max = statsWidthFor(8)): number {
	return Math.min(max, Math.max(10, ...lengths));
}

/** A sparkline row as spans: label, the series resampled to the cells left for it, then min, max and last. */
export function sparklineSpans(props: SparklineProps): Span[] {
	const format = props.format ?? formatCount;
	const layout = sparklineLayout(props.width, props.labelWidth, props.statsWidth);
	const spark = sparkline(resample(props.values, layout.spark));
	const spans: Span[] = [
		{ text: `${fitText(props.label, layout.label)} ` },
		{ text: spark, color: props.color ?? 'cyan' },
	];
	if (layout.stats > 0)
		spans.push({
			text: ` ${fitText(sparkStats(props.values, format, layout.stats), layout.stats)}`,
			dim: true,
		});
	return spans;
}

/**
 * One row: label, the series resampled to the cells left for it (missing points marked `·`),
 * then min, max and last of the raw series.
 */
export const Sparkline = memo(function Sparkline(props: SparklineProps) {
	return <LiveBlock lines={[sparklineSpans(props)]} width={props.width} />;
});
