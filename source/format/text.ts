/**
 * Fitting text into terminal cells. Widths count code points: the strings here are our own
 * labels and sanitised network text, where a wide (CJK, emoji) character is rare; Ink's own
 * layout still truncates anything that overflows its box.
 */

/** Cuts `text` to `width` cells with a trailing `…` when it is longer. */
export function truncate(text: string, width: number): string {
	if (width <= 0) return '';
	const chars = [...text];
	if (chars.length <= width) return text;
	return `${chars.slice(0, width - 1).join('')}…`;
}

/** Exactly `width` cells: truncated, then padded on the right (or the left for `right`). */
export function fitText(text: string, width: number, align: 'left' | 'right' = 'left'): string {
	const cut = truncate(text, width);
	const pad = ' '.repeat(Math.max(0, width - [...cut].length));
	return align === 'right' ? pad + cut : cut + pad;
}

/**
 * Cell width of text as `fit` counts it: its code points, as `[...text].length` counts them (a
 * surrogate pair is one), without making that list; the frame composer's callers ask it of every
 * span of every frame.
 */
export function textWidth(text: string): number {
	let count = text.length;
	for (let i = 1; i < text.length; i++) {
		const code = text.charCodeAt(i);
		if (code >= 0xdc00 && code <= 0xdfff) {
			const before = text.charCodeAt(i - 1);
			if (before >= 0xd800 && before <= 0xdbff) count--;
		}
	}
	return count;
}
