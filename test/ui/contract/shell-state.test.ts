import { describe, expect, it } from 'vitest';
import { paneIds } from '../../../source/ui/contract/panes.js';
import {
	initialUiState,
	type UiAction,
	type UiState,
	uiReducer,
} from '../../../source/ui/contract/shell-state.js';

const run = (state: UiState, ...actions: UiAction[]) => actions.reduce(uiReducer, state);

describe('uiReducer', () => {
	it('starts on the Overview at 1h with the configured ids', () => {
		const state = initialUiState({ accountId: 'a', vectorIndexId: '', searchIndexId: 's' });
		expect(state).toMatchObject({ pane: 'overview', period: '1h', accountId: 'a', frozen: false });
		expect(state.vectorIndexId).toBeUndefined();
		expect(state.searchIndexId).toBe('s');
	});

	it('cycles panes forwards and backwards, wrapping around', () => {
		const start = initialUiState();
		expect(run(start, { type: 'pane/previous' }).pane).toBe('publish');
		expect(run(start, { type: 'pane/next' }, { type: 'pane/next' }).pane).toBe('vector');
		const all = paneIds.map(() => ({ type: 'pane/next' }) as const);
		expect(run(start, ...all).pane).toBe('overview');
	});

	it('hides secrets, closes detail and text fields when the pane changes', () => {
		const state = run(
			initialUiState(),
			{ type: 'pane/show', pane: 'accounts' },
			{ type: 'reveal/toggle' },
			{ type: 'detail/open' },
		);
		expect(state).toMatchObject({ reveal: true, detail: true });
		expect(run(state, { type: 'pane/show', pane: 'overview' })).toMatchObject({
			reveal: false,
			detail: false,
		});
		expect(run(state, { type: 'pane/show', pane: 'accounts' })).toBe(state);
	});

	it('steps the period through 1h..30d and stops at both ends', () => {
		let state = initialUiState();
		const seen = [state.period];
		for (let i = 0; i < 8; i++) {
			state = uiReducer(state, { type: 'period/longer' });
			seen.push(state.period);
		}
		expect(seen).toEqual(['1h', '3h', '12h', '1d', '3d', '7d', '30d', '30d', '30d']);
		expect(run(initialUiState(), { type: 'period/shorter' }).period).toBe('1h');
	});

	it('keeps the cursor within the rows of the pane', () => {
		const state = run(initialUiState({ pane: 'accounts' }), { type: 'cursor/move', delta: 5, count: 3 });
		expect(state.cursor.accounts).toBe(2);
		expect(run(state, { type: 'cursor/move', delta: -10, count: 3 }).cursor.accounts).toBe(0);
		expect(run(state, { type: 'cursor/move', delta: 1, count: 0 }).cursor.accounts).toBe(0);
	});

	it('goes back from the innermost thing open: help, then text field, then detail', () => {
		const open = run(
			initialUiState({ pane: 'accounts' }),
			{ type: 'detail/open' },
			{ type: 'index/edit', field: 'vectorIndexId' },
			{ type: 'help/toggle' },
		);
		const one = uiReducer(open, { type: 'back' });
		expect(one).toMatchObject({ help: false, editing: 'vectorIndexId', detail: true });
		const two = uiReducer(one, { type: 'back' });
		expect(two).toMatchObject({ editing: undefined, detail: true });
		const three = uiReducer(two, { type: 'back' });
		expect(three.detail).toBe(false);
		expect(uiReducer(three, { type: 'back' })).toBe(three);
	});

	it('sets an index id from the text field, ignoring a blank one', () => {
		const editing = run(initialUiState(), { type: 'index/edit', field: 'searchIndexId' });
		expect(run(editing, { type: 'index/set', field: 'searchIndexId', id: '  idx-1 ' })).toMatchObject({
			searchIndexId: 'idx-1',
			editing: undefined,
		});
		expect(
			run(editing, { type: 'index/set', field: 'searchIndexId', id: '  ' }).searchIndexId,
		).toBeUndefined();
	});

	it('moves the day cursor from today within the month', () => {
		const state = run(initialUiState(), { type: 'day/move', delta: -1, from: 9, count: 31 });
		expect(state.day).toBe(8);
		expect(run(state, { type: 'day/move', delta: 40, from: 9, count: 31 }).day).toBe(30);
		expect(run(state, { type: 'account/select', id: 'other' }).day).toBeUndefined();
	});

	it('scrolls the detail view within its lines, from the top each time it opens', () => {
		const open = run(initialUiState({ pane: 'accounts' }), { type: 'detail/open' });
		const scrolled = run(open, { type: 'detail/scroll', delta: 10, count: 4 });
		expect(scrolled.detailScroll).toBe(3);
		expect(run(scrolled, { type: 'detail/scroll', delta: -1, count: 4 }).detailScroll).toBe(2);
		expect(run(scrolled, { type: 'back' }, { type: 'detail/open' }).detailScroll).toBe(0);
	});

	it('toggles freeze and help', () => {
		const state = run(initialUiState(), { type: 'freeze/toggle' }, { type: 'help/toggle' });
		expect(state).toMatchObject({ frozen: true, help: true });
		expect(run(state, { type: 'freeze/toggle' }).frozen).toBe(false);
	});
});
