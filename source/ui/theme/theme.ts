/**
 * The one theme of the monitor: every colour a view draws is a tone named here, never a colour
 * literal. Whether colours are drawn at all is decided once per terminal (styleMode); without
 * colours (NO_COLOR) the tones draw nothing, and what must stay visible (the active tab, the
 * selected row, the text cursor) is shown with inverse and bold, which are styles, not colours.
 */
import { createContext, useContext } from 'react';

/** What a colour says: the accent of keys and links, good, a warning, bad, and so on. */
export type Tone = 'accent' | 'ok' | 'warn' | 'error' | 'info' | 'special' | 'muted' | 'highlight';

const colours: Record<Tone, string> = {
	accent: 'cyan',
	ok: 'green',
	warn: 'yellow',
	error: 'red',
	info: 'blue',
	special: 'magenta',
	muted: 'gray',
	highlight: 'yellow',
};

/**
 * How a terminal is styled: `colour`; `styles` (bold, dim, inverse, but no colour: NO_COLOR);
 * `none` (no escape codes at all: not a terminal, TERM=dumb).
 */
export type StyleMode = 'colour' | 'styles' | 'none';

/**
 * The style mode for a terminal: NO_COLOR (no-color.org) turns colours off but keeps styles;
 * FORCE_COLOR turns them on (0: off) even when not a terminal; otherwise a terminal that is not
 * `dumb` gets colours. Unlike the colour detection of the libraries under Ink, a CI variable
 * does not matter here: a person at a terminal is looking.
 */
export function styleMode(options: {
	isTTY: boolean | undefined;
	env: Readonly<Record<string, string | undefined>>;
}): StyleMode {
	const { env } = options;
	const force = env.FORCE_COLOR;
	const noColour = env.NO_COLOR !== undefined && env.NO_COLOR !== '';
	if (force !== undefined && force !== '0' && !noColour) return 'colour';
	if (!options.isTTY && (force === undefined || force === '0')) return 'none';
	if (env.TERM === 'dumb') return 'none';
	return noColour || force === '0' ? 'styles' : 'colour';
}

export interface Theme {
	mode: StyleMode;
	/** The colour of a tone, or undefined when colours are off. */
	color(tone: Tone | undefined): string | undefined;
}

export function makeTheme(mode: StyleMode): Theme {
	return {
		mode,
		color: (tone) => (mode === 'colour' && tone ? colours[tone] : undefined),
	};
}

export const colourTheme = makeTheme('colour');

export const ThemeContext = createContext<Theme>(colourTheme);

export function useTheme(): Theme {
	return useContext(ThemeContext);
}

/** The tone of a colour named by code shared with `mqtop listen` (the receiver's line parts). */
export const toneOfColour: Readonly<Record<string, Tone>> = {
	cyan: 'accent',
	green: 'ok',
	yellow: 'warn',
	red: 'error',
	blue: 'info',
	magenta: 'special',
	gray: 'muted',
};
