/**
 * JSON for a terminal or a pipe: the same data as JSON.stringify, with the characters a
 * terminal could act on (C1 controls, line separators, every invisible formatting character of
 * Unicode category Cf, as sanitize.ts has them) written as \u escapes, which JSON.stringify
 * leaves raw. C0 controls and ESC are already escaped by JSON.stringify.
 */
const unsafe = /[\u007f-\u009f\u2028\u2029\p{Cf}]/gu;

/** A character as JSON escapes: one per UTF-16 unit (a pair beyond the first plane). */
function escapeUnits(ch: string): string {
	let out = '';
	for (let i = 0; i < ch.length; i++) out += `\\u${ch.charCodeAt(i).toString(16).padStart(4, '0')}`;
	return out;
}

export function safeJson(value: unknown, indent?: number): string {
	const text = JSON.stringify(value, null, indent);
	if (asciiBelowDel(text)) return text;
	return text.replace(unsafe, escapeUnits);
}

/**
 * Whether every character is below DEL, so none is unsafe. Two native scans; the regular
 * expression that finds the unsafe ones cost a sixth of a `listen --json` line, which is nearly
 * always plain ASCII.
 */
function asciiBelowDel(text: string): boolean {
	return !text.includes('\u007f') && Buffer.byteLength(text) === text.length;
}

/** One JSON line of a stream: no indentation. */
export function jsonLine(value: unknown): string {
	return safeJson(value);
}
