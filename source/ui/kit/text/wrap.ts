/** Cutting text into rows of a width, by code points (our own text and sanitised network text). */
import { textWidth } from '../../../format/text.js';

/** Cuts one line into pieces of at most `width` code points (at least one piece, maybe empty). */
export function wrapText(text: string, width: number): string[] {
	const chars = [...text];
	const size = Math.max(1, width);
	if (chars.length <= size) return [text];
	const out: string[] = [];
	for (let i = 0; i < chars.length; i += size) out.push(chars.slice(i, i + size).join(''));
	return out;
}

/** Cuts `text` into rows of at most `width` characters, keeping its own line breaks. */
export function hardWrap(text: string, width: number): string[] {
	return text.split('\n').flatMap((line) => wrapText(line, width));
}

/** Cuts `text` into rows of at most `width` characters at spaces, cutting a word only when it is longer than a row. */
export function wordWrap(text: string, width: number): string[] {
	const size = Math.max(1, width);
	const rows: string[] = [];
	let row = '';
	for (const word of text.split(' ')) {
		const candidate = row ? `${row} ${word}` : word;
		if ([...candidate].length <= size) {
			row = candidate;
			continue;
		}
		if (row) rows.push(row);
		const pieces = wrapText(word, size);
		row = pieces.pop() ?? '';
		rows.push(...pieces);
	}
	rows.push(row);
	return rows;
}

/** The first of `texts` (the fullest first) that fits in `width` code points; the last when none does. */
export function firstFitting(texts: readonly [string, ...string[]], width: number): string {
	return texts.find((text) => textWidth(text) <= width) ?? texts[texts.length - 1]!;
}
