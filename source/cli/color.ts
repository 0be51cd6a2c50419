/** Colour for command output: on for a terminal, off for pipes and files and under NO_COLOR. */
import { styleText } from 'node:util';

export type Style = Parameters<typeof styleText>[0];
export type Paint = (style: Style, text: string) => string;

export function colorEnabled(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): boolean {
	// https://no-color.org: any non-empty NO_COLOR turns colour off.
	if (env.NO_COLOR) return false;
	if (env.FORCE_COLOR !== undefined) return env.FORCE_COLOR !== '0';
	return stream.isTTY === true;
}

export function painter(enabled: boolean): Paint {
	// Whether to colour is decided above; styleText must not second-guess it from process.stdout.
	return enabled
		? (style, text) => styleText(style, text, { validateStream: false })
		: (_style, text) => text;
}
