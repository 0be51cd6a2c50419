/**
 * Colours for readable output. Off when stdout is not a terminal or NO_COLOR is set
 * (no-color.org), so piped output never carries escape codes.
 */
export interface Style {
	enabled: boolean;
	bold(text: string): string;
	dim(text: string): string;
	red(text: string): string;
	green(text: string): string;
	yellow(text: string): string;
	cyan(text: string): string;
}
export type StyleName = Exclude<keyof Style, 'enabled'>;

export function colorEnabled(options: {
	isTTY: boolean | undefined;
	env: Readonly<Record<string, string | undefined>>;
}): boolean {
	if (!options.isTTY) return false;
	if (options.env.NO_COLOR !== undefined && options.env.NO_COLOR !== '') return false;
	return options.env.TERM !== 'dumb';
}

const codes: Record<StyleName, [number, number]> = {
	bold: [1, 22],
	dim: [2, 22],
	red: [31, 39],
	green: [32, 39],
	yellow: [33, 39],
	cyan: [36, 39],
};

export function makeStyle(enabled: boolean): Style {
	const paint =
		([open, close]: [number, number]) =>
		(text: string) =>
			enabled && text !== '' ? `\x1b[${open}m${text}\x1b[${close}m` : text;
	return {
		enabled,
		bold: paint(codes.bold),
		dim: paint(codes.dim),
		red: paint(codes.red),
		green: paint(codes.green),
		yellow: paint(codes.yellow),
		cyan: paint(codes.cyan),
	};
}

/** The colour of an HTTP status: green 2xx, yellow 3xx/4xx, red 5xx and no answer. */
export function statusStyle(status: number | undefined): StyleName {
	if (status === undefined) return 'red';
	if (status < 300) return 'green';
	if (status < 500) return 'yellow';
	return 'red';
}
