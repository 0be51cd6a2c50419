/**
 * Composes a frame from the write operations Ink's renderer records, as Ink's own Output.get does,
 * but by joining each row's strings instead of building a grid of styled cells. Ink's way costs a
 * tokenizer pass and an object per cell of the screen (10,000 at 200x50) on every frame, which is
 * most of a frame's time and garbage; joining costs one pass over the text.
 *
 * Joining is exact only when writes on a row do not overlap and every line's width can be known;
 * for anything else (overlapping writes, a horizontal clip that cuts a line, escape sequences
 * other than SGR colours, control characters, an operation it does not know, such as one a later
 * Ink may add) it answers `undefined` and the caller uses Ink's own.
 */
import cellWidth, { isOneCell } from './cell-width.js';

export type Transformer = (line: string, index: number) => string;

export interface Clip {
	x1?: number | undefined;
	x2?: number | undefined;
	y1?: number | undefined;
	y2?: number | undefined;
}

export type Operation =
	| { type: 'write'; x: number; y: number; text: string; transformers: Transformer[] }
	| { type: 'clip'; clip: Clip }
	| { type: 'unclip' };

export interface Composed {
	output: string;
	height: number;
}

interface Segment {
	x: number;
	end: number;
	text: string;
}

/** Made at first use: the first Intl object loads ICU's data, which a frame of one-cell lines never needs. */
let segmenter: Intl.Segmenter | undefined;
const RESET = '\u001b[0m';

/** The styles SGR codes can leave on, one bit each, by code; a closing code clears its bit. */
const opens: Record<number, number> = {
	1: 1,
	2: 1,
	3: 2,
	4: 4,
	21: 4,
	5: 8,
	6: 8,
	7: 16,
	8: 32,
	9: 64,
	53: 128,
};
const closes: Record<number, number> = {
	22: 1,
	23: 2,
	24: 4,
	25: 8,
	27: 16,
	28: 32,
	29: 64,
	55: 128,
	39: 256,
	49: 512,
};
const foreground = 256;
const background = 512;

/** The styles on after one parameter of an SGR sequence (`code`, or none when empty), given those on before it. */
function applyCode(code: number | undefined, state: number): number {
	if (code === undefined || code === 0) return 0;
	if (code === 38) return state | foreground;
	if (code === 48) return state | background;
	if ((code >= 30 && code <= 37) || (code >= 90 && code <= 97)) return state | foreground;
	if ((code >= 40 && code <= 47) || (code >= 100 && code <= 107)) return state | background;
	const closed = closes[code];
	if (closed !== undefined) return state & ~closed;
	return state | (opens[code] ?? 0);
}

/**
 * The styles still on after one SGR sequence, whose parameters (digits and `;` only) are
 * `line` from `from` to `to`, given those on before it. Read in place: the composer reads every
 * sequence of every frame.
 */
function applySgr(line: string, from: number, to: number, on: number): number {
	if (from === to) return 0;
	let state = on;
	let code = 0;
	let digits = 0;
	// After 38 or 48: the next parameter says how many carry the colour (38;5;n, 38;2;r;g;b).
	let colourKind = false;
	let skip = 0;
	for (let at = from; at <= to; at++) {
		const c = at < to ? line.charCodeAt(at) : 0x3b;
		if (c !== 0x3b) {
			code = code * 10 + (c - 0x30);
			digits++;
			continue;
		}
		const parameter = digits === 0 ? undefined : code;
		code = 0;
		digits = 0;
		if (skip > 0) {
			skip--;
			continue;
		}
		if (colourKind) {
			colourKind = false;
			if (parameter === 5 || parameter === 2) {
				skip = parameter === 5 ? 1 : 3;
				continue;
			}
		}
		state = applyCode(parameter, state);
		colourKind = parameter === 38 || parameter === 48;
	}
	return state;
}

export interface LineMeasure {
	width: number;
	/** A style is left open at the end of the line (never from chalk, which closes what it opens). */
	open: boolean;
}

const measured = new Map<string, number>();
const measuredLimit = 2048;

/** Width of a line with graphemes beyond the one-cell set, as Ink counts it: at least 1 per grapheme. */
function graphemeWidth(visible: string): number {
	const known = measured.get(visible);
	if (known !== undefined) return known;
	let width = 0;
	segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
	for (const { segment } of segmenter.segment(visible)) width += Math.max(1, cellWidth(segment));
	if (measured.size >= measuredLimit) measured.clear();
	measured.set(visible, width);
	return width;
}

/**
 * The columns a line takes as Ink places it, or `undefined` when it holds something only Ink's
 * own composition handles (non-SGR escapes, control characters).
 */
export function measureLine(line: string): LineMeasure | undefined {
	let width = 0;
	let on = 0;
	let complex = false;
	let visible = '';
	let plainFrom = 0;
	for (let i = 0; i < line.length; i++) {
		const code = line.charCodeAt(i);
		if (code === 0x1b) {
			if (line.charCodeAt(i + 1) !== 0x5b) return undefined;
			let end = i + 2;
			for (let c = line.charCodeAt(end); (c >= 0x30 && c <= 0x39) || c === 0x3b; c = line.charCodeAt(end))
				end++;
			if (line.charCodeAt(end) !== 0x6d) return undefined;
			on = applySgr(line, i + 2, end, on);
			if (complex) visible += line.slice(plainFrom, i);
			i = end;
			plainFrom = end + 1;
			continue;
		}
		if (code < 0x20 || (code >= 0x7f && code < 0xa0)) return undefined;
		if (isOneCell(code)) {
			width++;
		} else if (!complex) {
			complex = true;
			visible = line.slice(0, i).replace(/\u001b\[[0-9;]*m/g, '');
			plainFrom = i;
		}
	}
	if (!complex) return { width, open: on !== 0 };
	visible += line.slice(plainFrom);
	return { width: graphemeWidth(visible), open: on !== 0 };
}

function clipLines(
	operation: Extract<Operation, { type: 'write' }>,
	clip: Clip | undefined,
): { x: number; y: number; lines: string[] } | undefined | null {
	let { x, y } = operation;
	let lines = operation.text.split('\n');
	if (!clip) return { x, y, lines };
	const horizontal = typeof clip.x1 === 'number' && typeof clip.x2 === 'number';
	const vertical = typeof clip.y1 === 'number' && typeof clip.y2 === 'number';
	if (horizontal) {
		const x1 = clip.x1 as number;
		const x2 = clip.x2 as number;
		let widest = 0;
		for (const line of lines) {
			const measure = measureLine(line);
			if (!measure) return undefined;
			widest = Math.max(widest, measure.width);
		}
		if (x + widest < x1 || x > x2) return null;
		// Cutting a styled line at a column is Ink's job (slice-ansi); a line inside the clip is kept whole.
		if (x < x1 || x + widest > x2) return undefined;
	}
	if (vertical) {
		const y1 = clip.y1 as number;
		const y2 = clip.y2 as number;
		if (y + lines.length < y1 || y > y2) return null;
		const from = y < y1 ? y1 - y : 0;
		const to = y + lines.length > y2 ? y2 - y : lines.length;
		lines = lines.slice(from, to);
		if (y < y1) y = y1;
	}
	return { x, y, lines };
}

/** The frame Ink's Output.get would make from these operations, or `undefined` when unsure. */
export function composeOutput(
	width: number,
	height: number,
	operations: readonly Operation[],
): Composed | undefined {
	const rows: Segment[][] = Array.from({ length: height }, () => []);
	const clips: Clip[] = [];
	for (const operation of operations) {
		if (operation.type === 'clip') {
			clips.push(operation.clip);
			continue;
		}
		if (operation.type === 'unclip') {
			clips.pop();
			continue;
		}
		if (operation.type !== 'write') return undefined;
		if (!operation.text) continue;
		const placed = clipLines(operation, clips.at(-1));
		if (placed === undefined) return undefined;
		if (placed === null) continue;
		if (placed.x < 0) return undefined;
		for (let index = 0; index < placed.lines.length; index++) {
			const row = rows[placed.y + index];
			// As in Ink: once a line falls outside the screen, so do the ones after it.
			if (!row) break;
			let line = placed.lines[index] as string;
			for (const transformer of operation.transformers) line = transformer(line, index);
			if (line === '') continue;
			const measure = measureLine(line);
			if (!measure) return undefined;
			if (measure.width === 0) continue;
			row.push({ x: placed.x, end: placed.x + measure.width, text: measure.open ? line + RESET : line });
		}
	}
	const out: string[] = [];
	for (const row of rows) {
		const joined = joinRow(row, width);
		if (joined === undefined) return undefined;
		out.push(joined);
	}
	return { output: out.join('\n'), height };
}

/**
 * One row from its segments; `undefined` when two of them overlap (Ink's cells would decide).
 * A segment starting past the end of the row is drawn at its end, as Ink drops the gap.
 */
function joinRow(segments: Segment[], width: number): string | undefined {
	if (segments.length === 0) return '';
	// Most rows are written left to right already; sorting copies the row.
	if (segments.some((segment, i) => i > 0 && segment.x < (segments[i - 1] as Segment).x))
		segments.sort((a, b) => a.x - b.x);
	let text = '';
	let column = 0;
	for (const segment of segments) {
		if (segment.x < column) return undefined;
		const at = Math.min(segment.x, Math.max(width, column));
		text += ' '.repeat(at - column) + segment.text;
		column = at + (segment.end - segment.x);
	}
	return text.trimEnd();
}
