/**
 * The shell's state and the panes' own states, as pure reducers: what the person is looking at
 * and what each pane keeps open.
 */
import { describe, expect, it } from 'vitest';
import { numbered } from '../../../source/ui/app/panes.js';
import {
	initialShellState,
	type ShellAction,
	type ShellState,
	shellReducer,
} from '../../../source/ui/contract/shell-state.js';
import { indexChoice, indexReducer } from '../../../source/ui/kit/index-picker/index-picker-state.js';
import {
	type AccountsAction,
	type AccountsState,
	accountsReducer,
	initialAccountsState,
} from '../../../source/ui/panes/accounts/accounts-state.js';
import { accountsPane } from '../../../source/ui/panes/accounts/index.js';
import {
	dayOf,
	initialOverviewState,
	overviewReducer,
} from '../../../source/ui/panes/overview/overview-state.js';
import { panes } from '../../../source/ui/registry.js';

const run = (state: ShellState, ...actions: ShellAction[]) => actions.reduce(shellReducer, state);
const accounts = (state: AccountsState, ...actions: AccountsAction[]) =>
	actions.reduce(accountsReducer, state);
const order = numbered(panes).map((p) => p.id);
const start = () => initialShellState({ pane: 'overview', accountId: 'a' });

describe('the shell state', () => {
	it('starts on the Overview at 1h with the configured ids', () => {
		expect(start()).toMatchObject({ pane: 'overview', period: '1h', accountId: 'a', frozen: false });
		const start2 = {
			connection: { embedded: true, vectorIndexId: '', searchIndexId: 's' },
			receiverUrl: undefined,
		};
		expect(panes.find((p) => p.id === 'vector')!.initial(start2)).toMatchObject({ indexId: undefined });
		expect(panes.find((p) => p.id === 'search')!.initial(start2)).toMatchObject({ indexId: 's' });
	});

	it('cycles panes forwards and backwards, wrapping around', () => {
		expect(run(start(), { type: 'pane/previous', order }).pane).toBe(order.at(-1));
		expect(run(start(), { type: 'pane/next', order }, { type: 'pane/next', order }).pane).toBe('vector');
		const all = order.map(() => ({ type: 'pane/next', order }) as const);
		expect(run(start(), ...all).pane).toBe('overview');
	});

	it('hides secrets, closes detail and text fields when the pane changes', () => {
		const state = run(start(), { type: 'pane/show', pane: 'accounts' }, { type: 'reveal/toggle' });
		const detail = accounts(initialAccountsState, { type: 'detail/open' });
		expect(state).toMatchObject({ reveal: true });
		expect(detail).toMatchObject({ detail: true });
		expect(run(state, { type: 'pane/show', pane: 'overview' })).toMatchObject({ reveal: false });
		expect(accountsPane.leave!(detail)).toMatchObject({ detail: false });
		expect(run(state, { type: 'pane/show', pane: 'accounts' })).toBe(state);
	});

	it('steps the period through 1h..30d and stops at both ends', () => {
		let state = start();
		const seen = [state.period];
		for (let i = 0; i < 8; i++) {
			state = shellReducer(state, { type: 'period/longer' });
			seen.push(state.period);
		}
		expect(seen).toEqual(['1h', '3h', '12h', '1d', '3d', '7d', '30d', '30d', '30d']);
		expect(run(start(), { type: 'period/shorter' }).period).toBe('1h');
	});

	it('keeps the cursor within the rows of the pane', () => {
		const state = accounts(initialAccountsState, { type: 'cursor/move', delta: 5, count: 3 });
		expect(state.cursor).toBe(2);
		expect(accounts(state, { type: 'cursor/move', delta: -10, count: 3 }).cursor).toBe(0);
		expect(accounts(state, { type: 'cursor/move', delta: 1, count: 0 }).cursor).toBe(0);
	});

	it('goes back from the innermost thing open: help, then text field, then detail', () => {
		const help = run(start(), { type: 'help/toggle' });
		expect(run(help, { type: 'help/toggle' }).help).toBe(false);
		const picking = indexReducer(indexChoice('vec'), { type: 'index/pick' });
		expect(picking.picking).toBe(true);
		const typing = indexReducer(picking, { type: 'index/type' });
		expect(typing).toMatchObject({ picking: false, typing: true });
		expect(indexReducer(typing, { type: 'index/cancel' })).toMatchObject({ picking: false, typing: false });
		const open = accounts(initialAccountsState, { type: 'detail/open' });
		const back = accounts(open, { type: 'back' });
		expect(back.detail).toBe(false);
		expect(accounts(back, { type: 'back' })).toBe(back);
	});

	it('sets an index id from the list or the text field, ignoring a blank one', () => {
		const editing = indexReducer(indexChoice(undefined), { type: 'index/type' });
		expect(indexReducer(editing, { type: 'index/set', id: '  idx-1 ' })).toMatchObject({
			indexId: 'idx-1',
			typing: false,
			picking: false,
		});
		expect(indexReducer(editing, { type: 'index/set', id: '  ' }).indexId).toBeUndefined();
	});

	it('moves the day cursor from today within the month', () => {
		const state = overviewReducer(initialOverviewState, {
			type: 'day/move',
			accountId: 'a',
			delta: -1,
			from: 9,
			count: 31,
		});
		expect(dayOf(state, 'a')).toBe(8);
		expect(
			dayOf(overviewReducer(state, { type: 'day/move', accountId: 'a', delta: 40, from: 9, count: 31 }), 'a'),
		).toBe(30);
		// Another account starts from its own today.
		expect(dayOf(state, 'other')).toBeUndefined();
	});

	it('scrolls the detail view within its lines, from the top each time it opens', () => {
		const open = accounts(initialAccountsState, { type: 'detail/open' });
		const scrolled = accounts(open, { type: 'detail/scroll', delta: 10, count: 4 });
		expect(scrolled.detailScroll).toBe(3);
		expect(accounts(scrolled, { type: 'detail/scroll', delta: -1, count: 4 }).detailScroll).toBe(2);
		expect(accounts(scrolled, { type: 'back' }, { type: 'detail/open' }).detailScroll).toBe(0);
	});

	it('toggles freeze and help', () => {
		const state = run(start(), { type: 'freeze/toggle' }, { type: 'help/toggle' });
		expect(state).toMatchObject({ frozen: true, help: true });
		expect(run(state, { type: 'freeze/toggle' }).frozen).toBe(false);
	});
});
