/**
 * Makes text from the network safe for a terminal: escape sequences and control characters
 * are shown escaped (`\x1b`, `\r`, `\u009b`), never interpreted. Every string that came from a
 * server, a callback or a file passes through here before it is printed or rendered.
 */
const named: Record<string, string> = {
	'\n': '\\n',
	'\r': '\\r',
	'\t': '\\t',
	'\b': '\\b',
	'\f': '\\f',
	'\v': '\\v',
};

// C0 controls, DEL, C1 controls, and every invisible formatting character (Unicode category Cf:
// the bidi marks, overrides and isolates of "Trojan Source", U+061C among them, zero-width
// characters, the byte order mark, the tag characters), which can reorder or hide what a person
// sees; U+2028/2029 break lines in some terminals.
const unsafe = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\p{Cf}]/gu;

function escapeChar(ch: string): string {
	const name = named[ch];
	if (name) return name;
	const code = ch.codePointAt(0)!;
	if (code <= 0xff) return `\\x${code.toString(16).padStart(2, '0')}`;
	return code <= 0xffff ? `\\u${code.toString(16).padStart(4, '0')}` : `\\u{${code.toString(16)}}`;
}

/** One line of text: newlines and tabs are escaped too. */
export function sanitize(text: string): string {
	return text.replace(unsafe, escapeChar);
}

/** Text that may span lines: `\n` stays a line break (and `\t` a tab), everything else is escaped. */
export function sanitizeMultiline(text: string): string {
	return text.replace(unsafe, (ch) => (ch === '\n' || ch === '\t' ? ch : escapeChar(ch)));
}
