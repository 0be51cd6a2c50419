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

// C0 controls, DEL, C1 controls, and the Unicode bidi overrides and isolates that can reorder
// what a person sees (the "Trojan Source" characters); U+2028/2029 break lines in some terminals.
const unsafe = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g;

function escapeChar(ch: string): string {
	const name = named[ch];
	if (name) return name;
	const code = ch.codePointAt(0)!;
	return code <= 0xff
		? `\\x${code.toString(16).padStart(2, '0')}`
		: `\\u${code.toString(16).padStart(4, '0')}`;
}

/** One line of text: newlines and tabs are escaped too. */
export function sanitize(text: string): string {
	return text.replace(unsafe, escapeChar);
}

/** Text that may span lines: `\n` stays a line break (and `\t` a tab), everything else is escaped. */
export function sanitizeMultiline(text: string): string {
	return text.replace(unsafe, (ch) => (ch === '\n' || ch === '\t' ? ch : escapeChar(ch)));
}
