/**
 * Terminal cells of a line, as `string-width` counts them, without its per-character work for
 * the text a monitor draws most: chart, sparkline and box characters, arrows, bullets and Latin
 * text are one cell each, so a line made of nothing else (and colours) is as wide as it is long.
 * Anything else (wide and emoji characters, combining marks, other escape sequences, controls) is
 * counted by
 * `string-width` itself. The build has Ink's packages use this in place of `string-width`
 * (scripts/bundle.mjs): measuring text with a grapheme segmenter was the largest single cost of
 * drawing the first frame (README, Development).
 */
import stringWidth from 'string-width';

/**
 * Characters one cell wide (ambiguous ones narrow, as `string-width` counts them by default)
 * that join neither the one before nor the one after: Latin, general punctuation, arrows and
 * technical symbols, box drawing, blocks, geometric shapes, braille, ✓ and ✗; not the soft
 * hyphen (no cell), nor the few emoji and CJK brackets among them (two cells). Each is checked
 * against `string-width` in test/ui/ink/cell-width.test.ts.
 */
export const oneCellRanges: readonly (readonly [number, number])[] = [
	[0x20, 0x7e],
	[0xa0, 0xac],
	[0xae, 0x2ff],
	[0x2010, 0x2027],
	[0x2030, 0x205e],
	[0x2190, 0x2319],
	[0x231c, 0x2328],
	[0x232b, 0x23e8],
	[0x23ed, 0x23ef],
	[0x23f1, 0x23f2],
	[0x23f4, 0x25fc],
	[0x25ff, 0x25ff],
	[0x2713, 0x2713],
	[0x2717, 0x2717],
	[0x2800, 0x28ff],
];

/** One entry a code point up to the last range's end: 1 where it is one cell. */
const oneCellTable = new Uint8Array((oneCellRanges.at(-1)?.[1] ?? 0) + 1);
for (const [from, to] of oneCellRanges) oneCellTable.fill(1, from, to + 1);

/** Whether a code point is one of the characters above; a lookup, as the frame composer asks it of every character drawn. */
export function isOneCell(code: number): boolean {
	return oneCellTable[code] === 1;
}

const hex = (code: number) => `\\u${code.toString(16).padStart(4, '0')}`;
const oneCellText = new RegExp(
	`^[${oneCellRanges.map(([from, to]) => `${hex(from)}-${hex(to)}`).join('')}]*$`,
);

/**
 * SGR sequences (colours and styles), which take no cell: the styled text Ink measures is full of
 * them. Only the forms `string-width`'s ANSI stripping removes whole (up to four digits a
 * parameter); anything else is left for it.
 */
const styles = /\u001b\[(?:\d{1,4}(?:;\d{0,4})*)?m/g;

/** The cells of a line of one-cell characters and styles only, else `undefined`. */
export function oneCellWidth(text: string): number | undefined {
	if (oneCellText.test(text)) return text.length;
	if (!text.includes('\u001b')) return undefined;
	const visible = text.replace(styles, '');
	return oneCellText.test(visible) ? visible.length : undefined;
}

type Options = Parameters<typeof stringWidth>[1];

/** `string-width`, with its options; a line of one-cell characters and styles only is its visible length. */
export default function cellWidth(text: string, options?: Options): number {
	if (options === undefined && typeof text === 'string') {
		const width = oneCellWidth(text);
		if (width !== undefined) return width;
	}
	return stringWidth(text, options);
}
