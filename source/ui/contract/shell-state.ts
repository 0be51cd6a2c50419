/**
 * What the person is looking at: pane, period, freeze, overlays, selections. Pure reducer;
 * the runtime derives from it which endpoints to poll.
 */
import { type StatsPeriod, statsPeriods } from '../../api/schemas.js';
import { type PaneId, paneIds } from './panes.js';

export type IndexField = 'vectorIndexId' | 'searchIndexId';
/** The text fields: an index id, a message id to follow, the Callbacks filter. */
export type EditField = IndexField | 'messageId' | 'callbackFilter';

/** A yes/no question over a pane, and what a yes does. */
export type Confirmation = { kind: 'cancel-message'; messageId: string };

/** One line of the current pane: what an action did, or why it was refused. */
export interface Notice {
	pane: PaneId;
	text: string;
	tone: 'info' | 'ok' | 'error';
}

export interface UiState {
	pane: PaneId;
	period: StatsPeriod;
	/** Live data stops being replaced. */
	frozen: boolean;
	/** The key help overlay of the current pane. */
	help: boolean;
	/** Tokens and passwords shown in clear; reset whenever the pane changes. */
	reveal: boolean;
	/** The account the Overview shows. */
	accountId: string | undefined;
	vectorIndexId: string | undefined;
	searchIndexId: string | undefined;
	/** The text field that is open, if any. */
	editing: EditField | undefined;
	/** Selected row (Accounts) or first visible row (scrolling panes), per pane. */
	cursor: Record<PaneId, number>;
	/** The detail view of the selected row is open (Accounts). */
	detail: boolean;
	/** First line shown of the detail view. */
	detailScroll: number;
	/** Day of the month under the Overview's day cursor, as an index into `days`; undefined is today. */
	day: number | undefined;
	/** False once the service answered that it has no URL Group listing (404/405). */
	groupsListed: boolean;
	/** The row a tailing pane (Messages, Callbacks) keeps selected, by its key; absent follows the newest. */
	selected: Partial<Record<PaneId, string>>;
	/** The Callbacks filter: a regular expression, or plain text when it is not one; '' shows everything. */
	callbackFilter: string;
	/** The question open over the pane, if any. */
	confirm: Confirmation | undefined;
	notice: Notice | undefined;
}

export type UiAction =
	| { type: 'pane/show'; pane: PaneId }
	| { type: 'pane/next' }
	| { type: 'pane/previous' }
	| { type: 'period/longer' }
	| { type: 'period/shorter' }
	| { type: 'freeze/toggle' }
	| { type: 'help/toggle' }
	| { type: 'reveal/toggle' }
	/** Moves the cursor of the current pane by `delta`, kept within `count` rows. */
	| { type: 'cursor/move'; delta: number; count: number }
	| { type: 'account/select'; id: string }
	| { type: 'detail/open' }
	/** Scrolls the detail view by `delta` lines, within `count` scroll positions. */
	| { type: 'detail/scroll'; delta: number; count: number }
	/** Esc: closes the innermost thing open. */
	| { type: 'back' }
	| { type: 'index/edit'; field: IndexField }
	| { type: 'index/set'; field: IndexField; id: string }
	| { type: 'day/move'; delta: number; from: number; count: number }
	| { type: 'groups/unlisted' }
	| { type: 'input/open'; field: EditField }
	/** Selects a row of the current pane by key; undefined follows the newest row. */
	| { type: 'select'; key: string | undefined }
	| { type: 'filter/set'; text: string }
	| { type: 'confirm/ask'; confirmation: Confirmation }
	| { type: 'confirm/close' }
	| { type: 'notice/show'; notice: Notice }
	| { type: 'notice/clear' };

export interface UiStart {
	pane?: PaneId;
	period?: StatsPeriod;
	accountId?: string | undefined;
	vectorIndexId?: string | undefined;
	searchIndexId?: string | undefined;
}

export function initialUiState(start: UiStart = {}): UiState {
	return {
		pane: start.pane ?? 'overview',
		period: start.period ?? '1h',
		frozen: false,
		help: false,
		reveal: false,
		accountId: start.accountId || undefined,
		vectorIndexId: start.vectorIndexId || undefined,
		searchIndexId: start.searchIndexId || undefined,
		editing: undefined,
		cursor: Object.fromEntries(paneIds.map((id) => [id, 0])) as Record<PaneId, number>,
		detail: false,
		detailScroll: 0,
		day: undefined,
		groupsListed: true,
		selected: {},
		callbackFilter: '',
		confirm: undefined,
		notice: undefined,
	};
}

function clamp(value: number, min: number, max: number): number {
	return Math.min(max, Math.max(min, value));
}

function showPane(state: UiState, pane: PaneId): UiState {
	if (pane === state.pane) return state;
	return {
		...state,
		pane,
		reveal: false,
		detail: false,
		detailScroll: 0,
		editing: undefined,
		confirm: undefined,
		notice: undefined,
	};
}

function stepPeriod(period: StatsPeriod, step: number): StatsPeriod {
	const index = clamp(statsPeriods.indexOf(period) + step, 0, statsPeriods.length - 1);
	return statsPeriods[index]!;
}

export function uiReducer(state: UiState, action: UiAction): UiState {
	switch (action.type) {
		case 'pane/show':
			return showPane(state, action.pane);
		case 'pane/next':
		case 'pane/previous': {
			const step = action.type === 'pane/next' ? 1 : -1;
			const index = (paneIds.indexOf(state.pane) + step + paneIds.length) % paneIds.length;
			return showPane(state, paneIds[index]!);
		}
		case 'period/longer':
		case 'period/shorter': {
			const period = stepPeriod(state.period, action.type === 'period/longer' ? 1 : -1);
			return period === state.period ? state : { ...state, period };
		}
		case 'freeze/toggle':
			return { ...state, frozen: !state.frozen };
		case 'help/toggle':
			return { ...state, help: !state.help };
		case 'reveal/toggle':
			return { ...state, reveal: !state.reveal };
		case 'cursor/move': {
			const current = state.cursor[state.pane];
			const next = clamp(current + action.delta, 0, Math.max(0, action.count - 1));
			return next === current ? state : { ...state, cursor: { ...state.cursor, [state.pane]: next } };
		}
		case 'account/select':
			return action.id === state.accountId ? state : { ...state, accountId: action.id, day: undefined };
		case 'detail/open':
			return { ...state, detail: true, detailScroll: 0 };
		case 'detail/scroll': {
			const next = clamp(state.detailScroll + action.delta, 0, Math.max(0, action.count - 1));
			return next === state.detailScroll ? state : { ...state, detailScroll: next };
		}
		case 'back':
			if (state.help) return { ...state, help: false };
			if (state.confirm) return { ...state, confirm: undefined };
			if (state.editing) return { ...state, editing: undefined, notice: undefined };
			if (state.detail) return { ...state, detail: false };
			return state;
		case 'index/edit':
			return { ...state, editing: action.field, help: false };
		case 'index/set': {
			const id = action.id.trim();
			return { ...state, editing: undefined, [action.field]: id || state[action.field] };
		}
		case 'day/move': {
			const from = state.day ?? action.from;
			return { ...state, day: clamp(from + action.delta, 0, Math.max(0, action.count - 1)) };
		}
		case 'groups/unlisted':
			return state.groupsListed ? { ...state, groupsListed: false } : state;
		case 'input/open':
			return { ...state, editing: action.field, help: false, confirm: undefined, notice: undefined };
		case 'select': {
			if (state.selected[state.pane] === action.key) return state;
			const selected = { ...state.selected };
			if (action.key === undefined) delete selected[state.pane];
			else selected[state.pane] = action.key;
			return { ...state, selected, detailScroll: 0 };
		}
		case 'filter/set':
			// Another filter shows other rows: the list follows the newest again.
			return {
				...state,
				callbackFilter: action.text,
				editing: undefined,
				selected: Object.fromEntries(Object.entries(state.selected).filter(([pane]) => pane !== 'callbacks')),
			};
		case 'confirm/ask':
			return { ...state, confirm: action.confirmation, help: false, notice: undefined };
		case 'confirm/close':
			return state.confirm ? { ...state, confirm: undefined } : state;
		case 'notice/show':
			return { ...state, notice: action.notice };
		case 'notice/clear':
			return state.notice ? { ...state, notice: undefined } : state;
	}
}
