/**
 * How a command writes: JSON for scripts (one document, or one line per event of a stream),
 * readable lines and tables otherwise, and one-line messages on stderr.
 */
import { jsonLine, safeJson } from '../text/json-line.js';
import { colorEnabled, makeStyle, type Style } from '../text/style.js';
import type { Io } from './io.js';
import { type Cell, type Column, formatPairs, formatTable } from './table.js';

export class Output {
	readonly style: Style;

	constructor(
		private readonly io: Pick<Io, 'stdout' | 'stderr' | 'env'>,
		readonly json: boolean,
	) {
		this.style = makeStyle(!json && colorEnabled({ isTTY: io.stdout.isTTY, env: io.env }));
	}

	/** One JSON document, indented for people who read it too. */
	document(value: unknown): void {
		this.io.stdout.write(`${safeJson(value, 2)}\n`);
	}

	/** One JSON line of a stream of events. */
	event(value: unknown): void {
		this.io.stdout.write(`${jsonLine(value)}\n`);
	}

	line(text = ''): void {
		this.io.stdout.write(`${text}\n`);
	}

	lines(lines: readonly string[]): void {
		for (const text of lines) this.line(text);
	}

	table(columns: readonly Column[], rows: readonly (readonly Cell[])[]): void {
		this.lines(formatTable(columns, rows, this.style));
	}

	pairs(pairs: readonly (readonly [string, Cell])[]): void {
		this.lines(formatPairs(pairs, this.style));
	}

	/**
	 * A note on stderr that does not change the outcome; with --json one `{"warning"}` line. It adds
	 * the `mqtop:` itself. A failure is no note: the command throws it (failure.ts), and the runner
	 * reports it once, as `{"error", "exitCode"}` with --json.
	 */
	warn(text: string): void {
		this.io.stderr.write(this.json ? `${jsonLine({ warning: text })}\n` : `mqtop: ${text}\n`);
	}
}
