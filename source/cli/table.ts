/**
 * Plain-text tables and label/value lists sized to their content. Cells are measured before
 * they are coloured, so escape codes never upset the alignment. Callers pass sanitized text.
 */
import { textWidth } from '../format/text.js';
import type { Style, StyleName } from '../text/style.js';

export type Cell = string | { text: string; style?: StyleName };
export interface Column {
	header: string;
	align?: 'left' | 'right';
}

function text(cell: Cell): string {
	return typeof cell === 'string' ? cell : cell.text;
}

function pad(value: string, size: number, align: 'left' | 'right'): string {
	const fill = ' '.repeat(Math.max(0, size - textWidth(value)));
	return align === 'right' ? fill + value : value + fill;
}

function paint(cell: Cell, padded: string, style: Style): string {
	return typeof cell === 'string' || cell.style === undefined ? padded : style.paint(cell.style, padded);
}

export function formatTable(
	columns: readonly Column[],
	rows: readonly (readonly Cell[])[],
	style: Style,
): string[] {
	const widths = columns.map((column, i) =>
		Math.max(textWidth(column.header), ...rows.map((row) => textWidth(text(row[i] ?? '')))),
	);
	const line = (cells: readonly Cell[], header: boolean) =>
		columns
			.map((column, i) => {
				const cell = cells[i] ?? '';
				const last = i === columns.length - 1;
				const align = column.align ?? 'left';
				// The last column is not padded on the right: no trailing spaces.
				const padded = last && align === 'left' ? text(cell) : pad(text(cell), widths[i]!, align);
				return header ? style.bold(padded) : paint(cell, padded, style);
			})
			.join('  ')
			// Empty cells at the end leave no trailing spaces behind.
			.trimEnd();
	return [
		line(
			columns.map((c) => c.header),
			true,
		),
		...rows.map((row) => line(row, false)),
	];
}

/** `label  value` lines with the labels aligned. */
export function formatPairs(pairs: readonly (readonly [string, Cell])[], style: Style): string[] {
	const size = Math.max(0, ...pairs.map(([label]) => textWidth(label)));
	return pairs.map(
		([label, value]) => `${style.dim(pad(label, size, 'left'))}  ${paint(value, text(value), style)}`,
	);
}
