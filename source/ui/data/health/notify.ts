/**
 * How the monitor announces that the health line turned red, when the config file asks it to:
 * the terminal bell, and a desktop notification by the escape sequence the terminal knows
 * (OSC 9: iTerm2, WezTerm, Ghostty, kitty; OSC 777: VTE terminals, foot, urxvt), passed through
 * tmux when it runs inside one. A terminal not known to show them gets the bell. Pure.
 */
import type { NotifyMode } from '../../../config/health.js';

export type Env = Readonly<Record<string, string | undefined>>;

export type OscKind = 'osc9' | 'osc777';

/** The desktop notification sequence this terminal shows, if it is known to show one. */
export function desktopProtocol(env: Env): OscKind | undefined {
	const program = (env.LC_TERMINAL ?? env.TERM_PROGRAM ?? '').toLowerCase();
	const term = (env.TERM ?? '').toLowerCase();
	if (program === 'iterm2' || program === 'iterm.app') return 'osc9';
	if (program === 'wezterm' || program === 'ghostty') return 'osc9';
	if (env.KITTY_WINDOW_ID || term === 'xterm-kitty') return 'osc9';
	if (term.startsWith('foot') || term.startsWith('rxvt-unicode')) return 'osc777';
	if (env.VTE_VERSION) return 'osc777';
	return undefined;
}

// Whatever came from the network is one line of plain text inside the sequence.
const unsafe = /[\u0000-\u001f\u007f-\u009f;]/g;
const clean = (text: string, max: number) => text.replace(unsafe, ' ').slice(0, max);

export function oscSequence(kind: OscKind, title: string, body: string): string {
	if (kind === 'osc9') return `\x1b]9;${clean(`${title}: ${body}`, 200)}\x07`;
	return `\x1b]777;notify;${clean(title, 60)};${clean(body, 200)}\x07`;
}

/** Inside tmux a sequence reaches the terminal only wrapped (and with allow-passthrough on). */
export function throughTmux(sequence: string, env: Env): string {
	if (!env.TMUX) return sequence;
	return `\x1bPtmux;${sequence.replaceAll('\x1b', '\x1b\x1b')}\x1b\\`;
}

export interface NotifyPlan {
	mode: NotifyMode;
	/** What is written when the line turns red; empty when nothing is. */
	sequence(title: string, body: string): string;
	/** For the health overlay. */
	describe: string;
}

export function notifyPlan(mode: NotifyMode, env: Env): NotifyPlan {
	const desktop = mode === 'desktop' || mode === 'both';
	const protocol = desktop ? desktopProtocol(env) : undefined;
	const bell = mode === 'bell' || mode === 'both' || (desktop && !protocol);
	const describe =
		mode === 'off'
			? 'Turning red is silent: set "notify" to "bell", "desktop" or "both" in the "health" section.'
			: protocol
				? `Turning red ${bell ? 'rings the bell and ' : ''}shows a desktop notification (${protocol === 'osc9' ? 'OSC 9' : 'OSC 777'}).`
				: mode === 'bell'
					? 'Turning red rings the terminal bell.'
					: 'Turning red rings the bell: this terminal is not known to show desktop notifications.';
	return {
		mode,
		describe,
		sequence: (title, body) =>
			mode === 'off'
				? ''
				: `${bell ? '\x07' : ''}${protocol ? throughTmux(oscSequence(protocol, title, body), env) : ''}`,
	};
}
