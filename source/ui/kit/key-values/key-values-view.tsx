import { Box, Text } from 'ink';
import { fitText, textWidth } from '../../../format/text.js';
import { type Tone, useTheme } from '../../theme/theme.js';
import { LiveText } from '../live-text/live-text-view.js';

export interface KeyValue {
	label: string;
	/** Our own text or sanitised network text. */
	value: string;
	tone?: Tone | undefined;
	/**
	 * A long value (an id, a URL, a token) that gets a row of its own rather than a grid cell;
	 * its label is shown whole even when longer than the others (a field name mqtop does not know).
	 */
	wide?: boolean;
}

export interface KeyValuesProps {
	items: readonly KeyValue[];
	width: number;
	/** Cells of one label+value cell; as many fit across as the width allows. */
	cellWidth: number;
	/** Cells of a label, the space after it included. */
	labelWidth: number;
	/** First row shown, and how many (scrolling); all rows by default. */
	offset?: number;
	height?: number;
}

/** Rows of `columns` items each, for a grid of label/value pairs. */
export function gridRows<T>(items: readonly T[], columns: number): T[][] {
	const rows: T[][] = [];
	for (let i = 0; i < items.length; i += Math.max(1, columns))
		rows.push(items.slice(i, i + Math.max(1, columns)));
	return rows;
}

/** Rows of a KeyValues grid of `width` cells, for scrolling. */
export function keyValueRowCount(items: readonly KeyValue[], width: number, cellWidth: number): number {
	return keyValueRows(items, Math.max(1, Math.floor(width / cellWidth))).length;
}

/** In their order: wide items one a row, the others between them in rows of `columns`. */
export function keyValueRows(items: readonly KeyValue[], columns: number): KeyValue[][] {
	const rows: KeyValue[][] = [];
	let run: KeyValue[] = [];
	for (const item of items) {
		if (!item.wide) {
			run.push(item);
			continue;
		}
		rows.push(...gridRows(run, columns), [item]);
		run = [];
	}
	return [...rows, ...gridRows(run, columns)];
}

/** Cells of an item's label: the grid's, or for a row of its own as many as its label needs. */
function labelCells(item: KeyValue, labelWidth: number): number {
	return item.wide ? Math.max(labelWidth - 1, textWidth(item.label)) : labelWidth - 1;
}

/** Label/value pairs in a grid that uses the width. */
export function KeyValues(props: KeyValuesProps) {
	const theme = useTheme();
	const columns = Math.max(1, Math.floor(props.width / props.cellWidth));
	const rows = keyValueRows(props.items, columns);
	const offset = props.offset ?? 0;
	return (
		<>
			{rows.slice(offset, props.height === undefined ? undefined : offset + props.height).map((row) => (
				<Box key={row[0]?.label} flexDirection="row" width={props.width} flexShrink={0} overflowY="hidden">
					{row.map((item, i) => (
						<Box key={item.label} flexDirection="row" flexShrink={item.wide ? 1 : 0}>
							<Box flexShrink={0}>
								<Text dimColor>{`${fitText(item.label, labelCells(item, props.labelWidth))} `}</Text>
							</Box>
							{item.wide ? (
								<Text color={theme.color(item.tone)} wrap="truncate-end">
									{item.value}
								</Text>
							) : (
								<LiveText
									color={theme.color(item.tone)}
									text={
										fitText(item.value, props.cellWidth - props.labelWidth - (i < row.length - 1 ? 1 : 0)) +
										(i < row.length - 1 ? ' ' : '')
									}
								/>
							)}
						</Box>
					))}
				</Box>
			))}
		</>
	);
}
