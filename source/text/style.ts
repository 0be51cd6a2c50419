/**
 * Colours for readable output. Off when stdout is not a terminal, under NO_COLOR
 * (no-color.org) or TERM=dumb, so piped output never carries escape codes; FORCE_COLOR wins.
 */
import { styleText } from 'node:util';

export type StyleName = Extract<Parameters<typeof styleText>[0], string>;
/** Paints text in one style or several (e.g. ['bold', 'red']); plain text when colour is off. */
export type Paint = (style: StyleName | StyleName[], text: string) => string;

export interface Style {
	enabled: boolean;
	paint: Paint;
	bold(text: string): string;
	dim(text: string): string;
	red(text: string): string;
	green(text: string): string;
	yellow(text: string): string;
	cyan(text: string): string;
}

export function colorEnabled(options: {
	isTTY: boolean | undefined;
	env: Readonly<Record<string, string | undefined>>;
}): boolean {
	const { env } = options;
	if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
	if (env.FORCE_COLOR !== undefined) return env.FORCE_COLOR !== '0';
	if (!options.isTTY) return false;
	return env.TERM !== 'dumb';
}

export function painter(enabled: boolean): Paint {
	// Whether to colour is decided above; styleText must not second-guess it from process.stdout.
	return enabled
		? (style, text) => (text === '' ? text : styleText(style, text, { validateStream: false }))
		: (_style, text) => text;
}

export function makeStyle(enabled: boolean): Style {
	const paint = painter(enabled);
	return {
		enabled,
		paint,
		bold: (text) => paint('bold', text),
		dim: (text) => paint('dim', text),
		red: (text) => paint('red', text),
		green: (text) => paint('green', text),
		yellow: (text) => paint('yellow', text),
		cyan: (text) => paint('cyan', text),
	};
}

/** The colour of an HTTP status: green 2xx, cyan 3xx, yellow 4xx, red 5xx and no answer. */
export function statusStyle(status: number | undefined): 'green' | 'cyan' | 'yellow' | 'red' {
	if (status === undefined || status >= 500) return 'red';
	if (status >= 400) return 'yellow';
	if (status >= 300) return 'cyan';
	return 'green';
}
