/**
 * The filter `/` types over a list: a regular expression, or plain text when what is typed is
 * not one, matched case-insensitively against each row as it is shown (its cells, joined), so
 * that what a row shows finds it. Pure but for the engine, loaded once.
 */
import type { RE2JS } from 're2js';
import { sanitize } from '../../../text/sanitize.js';
import type { Column } from '../table/table-view.js';
import { orderRows, type RowOrder } from './row-order.js';

export interface RowFilter {
	/** As typed. */
	text: string;
	/** A case-insensitive regular expression, or plain text when the typed text is not one. */
	mode: 'regex' | 'text';
	/** Why the text is matched as plain text. */
	problem?: string;
	matches(line: string): boolean;
}

let engine: typeof RE2JS | undefined;

/**
 * Loads the linear-time expression engine. A list loads it when its filter is first used rather
 * than the monitor at start, which it would slow down by the engine's Unicode tables.
 */
export async function loadFilterEngine(): Promise<void> {
	engine ??= (await import('re2js')).RE2JS;
}

export function filterEngineLoaded(): boolean {
	return engine !== undefined;
}

/**
 * The filter for typed text: a regular expression when it compiles, otherwise plain text (both
 * ignore case). The expression runs over text from the network on the UI thread, so it is
 * matched by a linear-time engine (RE2's, in JavaScript): no expression, `(a+)+$` included, can
 * take longer than a pass over the line. RE2 has no lookaround or backreferences; such an
 * expression is matched as plain text, and the list says why.
 */
export function compileFilter(text: string): RowFilter | undefined {
	if (text === '') return undefined;
	try {
		if (!engine) throw new Error('the expression engine is still loading');
		const pattern = engine.compile(text, engine.CASE_INSENSITIVE);
		return { text, mode: 'regex', matches: (line) => pattern.matcher(line).find() };
	} catch (error) {
		const needle = text.toLowerCase();
		return {
			text,
			mode: 'text',
			problem: (error as Error).message.replace(/^error parsing regexp: /, ''),
			matches: (line) => line.toLowerCase().includes(needle),
		};
	}
}

const compiled = new Map<string, RowFilter | undefined>();
let compiledWith: typeof engine;

/**
 * compileFilter, the same object for the same text (until the engine loads): a list's
 * arrangement, memoised on the filter, is not worked out again on each frame.
 */
export function filterOf(text: string): RowFilter | undefined {
	if (compiledWith !== engine || compiled.size > 32) {
		compiled.clear();
		compiledWith = engine;
	}
	if (!compiled.has(text)) compiled.set(text, compileFilter(text));
	return compiled.get(text);
}

/** A row of a table as the filter reads it: its cells as shown, two spaces apart. */
export function rowText<Row>(columns: readonly Column<Row>[], row: Row): string {
	return columns.map((column) => column.cell(row)).join('  ');
}

/** The rows the filter keeps, in their order; all of them without one. */
export function filterRows<Row>(
	rows: readonly Row[],
	filter: RowFilter | undefined,
	textOf: (row: Row) => string,
): readonly Row[] {
	return filter ? rows.filter((row) => filter.matches(textOf(row))) : rows;
}

/** The filter as a title says it: `/5\d\d/i`, or `"[oops"` for plain text. */
export function filterLabel(filter: RowFilter): string {
	const text = sanitize(filter.text);
	return filter.mode === 'regex' ? `/${text}/i` : `"${text}"`;
}

/** What a list's title says of its filter: `filter /x/i: 3 of 35`, and why it is plain text. */
export function filterSummary(filter: RowFilter, kept: number, total: number): string {
	const plain = filter.problem ? ` (as text: ${sanitize(filter.problem)})` : '';
	return `filter ${filterLabel(filter)}: ${kept} of ${total}${plain}`;
}

/**
 * The rows a list shows: those `filter` keeps (over each row as shown), sorted by `order`.
 * Without either, the rows themselves.
 */
export function arrangeRows<Row>(
	rows: readonly Row[],
	columns: readonly Column<Row>[],
	filter: RowFilter | undefined,
	order: RowOrder | undefined,
): readonly Row[] {
	return orderRows(
		filterRows(rows, filter, (row) => rowText(columns, row)),
		columns,
		order,
	);
}

/**
 * arrangeRows remembering its last answer: the same rows, columns, filter and order give the
 * same array without a pass over the rows, so a list redrawn for anything else (a tick, a key)
 * neither filters nor sorts again, and what depends on the array (keys, memos) stays.
 */
export function rowArranger<Row>(): typeof arrangeRows<Row> {
	let last: { inputs: readonly unknown[]; rows: readonly Row[] } | undefined;
	return (rows, columns, filter, order) => {
		const inputs = [rows, columns, filter, order];
		if (last?.inputs.every((input, i) => input === inputs[i])) return last.rows;
		last = { inputs, rows: arrangeRows(rows, columns, filter, order) };
		return last.rows;
	};
}
