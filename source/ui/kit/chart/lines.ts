/**
 * A multi-row bar chart as lines of text: a y axis with units on the left (its top rounded up
 * to a round number, zero at the bottom), one column per value in eighths of a row, and a time
 * axis below. Columns that are estimates are kept apart (runs) so the view can tone them.
 * Pure.
 */
import { summarize, verticalBars } from '../../../format/series.js';
import { formatSpan } from '../../../format/time.js';

export interface ChartData {
	/** One a column, newest right; null where nothing is known. */
	values: readonly (number | null)[];
	estimates: readonly boolean[];
}

/** A stretch of one row drawn alike. */
export interface Run {
	text: string;
	estimate: boolean;
}

export interface ChartLines {
	/** One a plot row, top first: the axis label and bar, then the columns. */
	rows: { axis: string; runs: Run[] }[];
	/** The time axis under the columns, with the note in it when it fits (else `note` is left over). */
	time: { text: string; note: boolean }[];
	/** The note that did not fit the time axis. */
	note: string | undefined;
	/** Width of the y axis, its tick included. */
	axisWidth: number;
}

/** The smallest of 1, 2, 2.5, 5 times a power of ten that is at least `value`; 1 for nothing. */
export function niceCeiling(value: number): number {
	if (!(value > 0) || !Number.isFinite(value)) return 1;
	const power = 10 ** Math.floor(Math.log10(value));
	for (const step of [1, 2, 2.5, 5, 10]) if (step * power >= value * (1 - 1e-9)) return step * power;
	return 10 * power;
}

/**
 * The top of an axis: the nice ceiling of `max`, raised to the next nice value while its labels
 * (top, the middle when there is one, zero) would not read apart, as `1 B/s` over `1 B/s` over
 * `0 B/s` for a fraction of a byte a second.
 */
export function readableTop(max: number, format: (value: number) => string, middle: boolean): number {
	let top = niceCeiling(max);
	for (let i = 0; i < 10; i++) {
		const labels = [format(top), ...(middle ? [format(top / 2)] : []), format(0)];
		if (new Set(labels).size === labels.length) return top;
		top = niceCeiling(top * 1.01);
	}
	return top;
}

/** Cells the plot has in a chart `width` wide whose axis labels are at most `labelWidth` wide. */
export function plotWidth(width: number, labelWidth: number): number {
	return Math.max(1, width - labelWidth - 1);
}

const missing = '·';

/**
 * The row cut where its characters' estimate flags change (the `i`th character, a code point as
 * `[...text]` counts them, by `estimates[i]`): each run is a slice of the row, not a string grown
 * a character at a time.
 */
function runsOf(text: string, estimates: readonly boolean[]): Run[] {
	const runs: Run[] = [];
	let start = 0;
	let current = false;
	for (let at = 0, i = 0; at < text.length; i++) {
		const estimate = estimates[i] ?? false;
		if (i > 0 && estimate !== current) {
			runs.push({ text: text.slice(start, at), estimate: current });
			start = at;
		}
		current = estimate;
		at += (text.codePointAt(at) as number) > 0xffff ? 2 : 1;
	}
	if (text.length > start) runs.push({ text: text.slice(start), estimate: current });
	return runs;
}

/** A span as an axis labels it: whole minutes from two minutes on, else whole seconds. */
export function roughSpan(ms: number): string {
	if (ms >= 120_000) return `${Math.round(ms / 60_000)}m`;
	return formatSpan(Math.round(ms / 1000) * 1000);
}

/** `-2m` ... `now` under `width` columns of `stepMs` each. */
export function timeAxis(width: number, stepMs: number): string {
	const now = 'now';
	if (width < now.length) return ''.padEnd(width);
	const span = `-${roughSpan(width * stepMs)}`;
	if (width < span.length + now.length + 2) return now.padStart(width);
	return `${span}${'─'.repeat(width - span.length - now.length)}${now}`;
}

/**
 * The lines of a chart of `height` plot rows and `columns` columns. Axis labels come from
 * `format` (with the unit); `labelWidth` is the room for them.
 */
export function chartLines(
	data: ChartData,
	options: {
		height: number;
		labelWidth: number;
		stepMs: number;
		format: (value: number) => string;
		note?: string | undefined;
	},
): ChartLines {
	const { height, labelWidth } = options;
	const summary = summarize(data.values);
	const middle = height >= 5;
	const top = readableTop(summary?.max ?? 0, options.format, middle);
	const bars = verticalBars(data.values, height, top);
	// Columns with no value after the first known one are gaps: marked on the floor.
	const first = data.values.findIndex((v) => v !== null);
	const floor = [...(bars.at(-1) ?? '')]
		.map((c, i) => (first >= 0 && i > first && data.values[i] === null ? missing : c))
		.join('');
	const label = (row: number) => {
		if (row === 0) return options.format(top);
		if (row === height - 1) return options.format(0);
		if (middle && row === Math.floor((height - 1) / 2)) return options.format(top / 2);
		return '';
	};
	const rows = bars.map((bar, row) => {
		const text = label(row);
		const tick = text ? (row === height - 1 ? '┼' : '┤') : '│';
		return {
			axis: `${text.padStart(labelWidth).slice(-labelWidth)}${tick}`,
			runs: runsOf(row === height - 1 ? floor : bar, data.estimates),
		};
	});
	const axis = timeAxis(data.values.length, options.stepMs);
	const lead = `${' '.repeat(labelWidth)}└`;
	const note = options.note ? ` ~ ${options.note} ` : '';
	// The note goes over the dashes after the span, where there is room for it.
	const at = axis.indexOf('─');
	const room = at < 0 ? 0 : axis.lastIndexOf('─') - at;
	if (note && room >= note.length + 1)
		return {
			rows,
			time: [
				{ text: `${lead}${axis.slice(0, at + 1)}`, note: false },
				{ text: note, note: true },
				{ text: axis.slice(at + 1 + note.length), note: false },
			],
			note: undefined,
			axisWidth: labelWidth + 1,
		};
	return {
		rows,
		time: [{ text: `${lead}${axis}`, note: false }],
		note: options.note,
		axisWidth: labelWidth + 1,
	};
}
