/**
 * What the shell around the panes keeps: which pane is shown, the stats period, freeze, the
 * help and health overlays, the `:` command line, whether secrets are shown, and the account
 * the Overview shows (the Accounts pane picks it). Each pane keeps the rest in its own state.
 * Pure reducer.
 */
import { type StatsPeriod, statsPeriods } from '../../api/schemas.js';

export interface ShellState {
	/** The id of the pane on screen. */
	pane: string;
	period: StatsPeriod;
	/** Live data stops being replaced. */
	frozen: boolean;
	/** The key help overlay of the current pane. */
	help: boolean;
	/** The first line of the help shown, where it is longer than the terminal. */
	helpScroll: number;
	/** The health overlay: each rule of the health line, and why it is coloured so. */
	health: boolean;
	/** The `:` command line is open. */
	command: boolean;
	/** Tokens and passwords shown in clear; reset whenever the pane changes. */
	reveal: boolean;
	/** The account the Overview shows. */
	accountId: string | undefined;
}

export type ShellAction =
	| { type: 'pane/show'; pane: string }
	/** The next or previous pane of `order` (the tabs), wrapping around. */
	| { type: 'pane/next'; order: readonly string[] }
	| { type: 'pane/previous'; order: readonly string[] }
	| { type: 'period/longer' }
	| { type: 'period/shorter' }
	| { type: 'freeze/toggle' }
	| { type: 'help/toggle' }
	/** Scrolls the help by `delta` lines among its `count` positions. */
	| { type: 'help/scroll'; delta: number; count: number }
	| { type: 'health/toggle' }
	| { type: 'command/open' }
	| { type: 'command/close' }
	| { type: 'reveal/toggle' }
	| { type: 'account/select'; id: string };

export interface ShellStart {
	pane: string;
	period?: StatsPeriod;
	accountId?: string | undefined;
}

export function initialShellState(start: ShellStart): ShellState {
	return {
		pane: start.pane,
		period: start.period ?? '1h',
		frozen: false,
		help: false,
		helpScroll: 0,
		health: false,
		command: false,
		reveal: false,
		accountId: start.accountId || undefined,
	};
}

function clamp(value: number, min: number, max: number): number {
	return Math.min(max, Math.max(min, value));
}

function showPane(state: ShellState, pane: string): ShellState {
	if (pane === state.pane) return state;
	return { ...state, pane, reveal: false, helpScroll: 0 };
}

function stepPeriod(period: StatsPeriod, step: number): StatsPeriod {
	const index = clamp(statsPeriods.indexOf(period) + step, 0, statsPeriods.length - 1);
	return statsPeriods[index]!;
}

export function shellReducer(state: ShellState, action: ShellAction): ShellState {
	switch (action.type) {
		case 'pane/show':
			return showPane(state, action.pane);
		case 'pane/next':
		case 'pane/previous': {
			const { order } = action;
			if (order.length === 0) return state;
			const step = action.type === 'pane/next' ? 1 : -1;
			const at = order.indexOf(state.pane);
			const index = at < 0 ? (step > 0 ? 0 : order.length - 1) : (at + step + order.length) % order.length;
			return showPane(state, order[index]!);
		}
		case 'period/longer':
		case 'period/shorter': {
			const period = stepPeriod(state.period, action.type === 'period/longer' ? 1 : -1);
			return period === state.period ? state : { ...state, period };
		}
		case 'freeze/toggle':
			return { ...state, frozen: !state.frozen };
		// One overlay at a time: opening one closes the other.
		case 'help/toggle':
			return { ...state, help: !state.help, helpScroll: 0, health: false };
		case 'help/scroll': {
			const helpScroll = clamp(state.helpScroll + action.delta, 0, Math.max(0, action.count - 1));
			return helpScroll === state.helpScroll ? state : { ...state, helpScroll };
		}
		case 'health/toggle':
			return { ...state, health: !state.health, help: false };
		case 'command/open':
			return state.command ? state : { ...state, command: true };
		case 'command/close':
			return state.command ? { ...state, command: false } : state;
		case 'reveal/toggle':
			return { ...state, reveal: !state.reveal };
		case 'account/select':
			return action.id === state.accountId ? state : { ...state, accountId: action.id };
	}
}
