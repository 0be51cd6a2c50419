import { Box, Text } from 'ink';
import { scrollStart, sizeColumns } from '../../../format/layout.js';
import { fitText, textWidth } from '../../../format/text.js';
import type { Tone } from '../../theme/theme.js';
import { LiveLine } from '../live-line/live-line-view.js';

export interface Column<Row> {
	header: string;
	/** The header where the column is narrower than `header` (e.g. `group` for `group/endpoint`), rather than cut. */
	shortHeader?: string;
	/** Cell text: our own text or sanitised network text. */
	cell: (row: Row) => string;
	/**
	 * What the column sorts by where its cell is formatted (a count, a size, a time as epoch ms);
	 * without it, the cell's text. Undefined sorts last.
	 */
	value?: (row: Row) => number | string | undefined;
	/** Never shrunk below this (default: the header width, at most 8). */
	minWidth?: number;
	maxWidth?: number;
	align?: 'left' | 'right';
	/** Tone of the cell, e.g. a state. */
	tone?: (row: Row) => Tone | undefined;
	/** How a cell too long for the column is cut (default: its end, with `…`). */
	cut?: (text: string, width: number) => string;
}

export interface TableProps<Row> {
	columns: readonly Column<Row>[];
	rows: readonly Row[];
	width: number;
	/** Rows of the whole table, header included. */
	height: number;
	/** Index of the highlighted row; the view scrolls to keep it visible. */
	selected?: number;
	/** A mark before each row (e.g. the account in use); the column is left out when not given. */
	mark?: (row: Row) => string;
}

const gap = 2;

/** Column widths and the visible rows of a table: pure, so it is tested without rendering. */
export function tableLayout<Row>(props: TableProps<Row>) {
	const cells = props.rows.map((row) => props.columns.map((c) => c.cell(row)));
	const markWidth = props.mark ? 2 : 0;
	const widths = sizeColumns(
		props.columns.map((c, i) => {
			// A column with nothing in any row is left out, so the others get its room.
			if (cells.length > 0 && cells.every((r) => r[i] === '')) return { natural: 0, min: 0 };
			const natural = Math.max(textWidth(c.header), ...cells.map((r) => textWidth(r[i]!)));
			return {
				natural: Math.min(natural, c.maxWidth ?? natural),
				min: c.minWidth ?? Math.min(8, textWidth(c.header)),
			};
		}),
		props.width - markWidth,
		gap,
	);
	const bodyHeight = Math.max(0, props.height - 1);
	const selected = props.selected ?? 0;
	const start = scrollStart(selected, props.rows.length, bodyHeight);
	return { cells, widths, start, end: Math.min(props.rows.length, start + bodyHeight), markWidth };
}

/** A cell in exactly `width` cells, cut the column's way. */
function fitCell(text: string, width: number, column: Column<unknown>): string {
	const cut = column.cut && textWidth(text) > width ? column.cut(text, width) : text;
	return fitText(cut, width, column.align);
}

function line(texts: string[], widths: number[], columns: readonly Column<unknown>[]): string {
	return texts
		.map((text, i) => (widths[i]! > 0 ? fitCell(text, widths[i]!, columns[i]!) : undefined))
		.filter((text) => text !== undefined)
		.join(' '.repeat(gap));
}

/** A row as cells of text with their colours, the gaps included; for tables with coloured columns. */
function colouredLine(
	row: unknown,
	texts: string[],
	widths: number[],
	columns: readonly Column<unknown>[],
): { text: string; tone: Tone | undefined }[] {
	const shown = texts.flatMap((text, i) =>
		widths[i]! > 0 ? [{ text: fitCell(text, widths[i]!, columns[i]!), tone: columns[i]!.tone?.(row) }] : [],
	);
	return shown.map((cell, i) =>
		i < shown.length - 1 ? { ...cell, text: cell.text + ' '.repeat(gap) } : cell,
	);
}

/** A table that sizes its columns to their content, highlights a selected row and scrolls. */
export function Table<Row>(props: TableProps<Row>) {
	const { cells, widths, start, end, markWidth } = tableLayout(props);
	const columns = props.columns as readonly Column<unknown>[];
	const header = line(
		props.columns.map((c, i) =>
			c.shortHeader !== undefined && textWidth(c.header) > widths[i]! ? c.shortHeader : c.header,
		),
		widths,
		columns,
	);
	const more = props.rows.length > end - start ? ` ${start + 1}-${end} of ${props.rows.length}` : '';
	const coloured = props.columns.some((c) => c.tone);
	return (
		<Box flexDirection="column" width={props.width} height={props.height} overflowY="hidden">
			<Text bold wrap="truncate-end">
				{' '.repeat(markWidth)}
				{header}
				<Text dimColor>{more}</Text>
			</Text>
			{cells.slice(start, end).map((row, offset) => {
				const index = start + offset;
				const mark = props.mark ? fitText(props.mark(props.rows[index]!), markWidth) : '';
				const selected = index === props.selected;
				// Coloured tables show live rows (e.g. countdowns): LiveLine keeps Ink from measuring
				// and caching every new row text for good.
				if (coloured)
					return (
						<LiveLine
							key={index}
							width={props.width}
							inverse={selected}
							segments={[{ text: mark }, ...colouredLine(props.rows[index], row, widths, columns)]}
						/>
					);
				return (
					<Text key={index} wrap="truncate-end" inverse={selected}>
						{mark}
						{line(row, widths, columns)}
					</Text>
				);
			})}
		</Box>
	);
}
