/**
 * Copying through the terminal: OSC 52 asks the terminal (and tmux or ssh in between, when they
 * allow it) to put text on the system clipboard. Nothing is shown; the terminal may refuse.
 */
export function osc52(text: string): string {
	return `\x1b]52;c;${Buffer.from(text, 'utf8').toString('base64')}\x07`;
}
