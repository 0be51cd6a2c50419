/**
 * The slices a pane's state is made of, as pure reducers (actions in, state out): the list pane
 * (selection and detail, `/` and the order, the request flow; Esc clearing the filter), what a
 * list does when it shows other rows, leaving a pane, and a pane's reducer with the request flow
 * in it.
 */
import { describe, expect, it } from 'vitest';
import type { ApiRequest } from '../../../source/api/transport.js';
import * as listPane from '../../../source/ui/kit/list-pane/list-pane-state.js';
import {
	type PendingRequest,
	type RequestFlow,
	type RequestFlowAction,
	withRequestFlow,
} from '../../../source/ui/kit/request-flow/request-flow-state.js';
import { clearedFilter, rowFilterReducer } from '../../../source/ui/kit/row-filter/row-filter-state.js';

const headers = ['name', 'lag'];
const request: ApiRequest = { operation: 'delete queue', method: 'DELETE', path: '/v2/queues/emails' };
const pending: PendingRequest = { title: 'delete queue emails', request, done: 'deleted queue emails' };

interface Pane extends listPane.ListPaneState {
	/** A pane's own part, which the slice leaves alone. */
	editing: boolean;
}
const initial: Pane = { ...listPane.initialListPane, editing: true };
const reduce = (state: Pane, action: listPane.ListPaneAction) => listPane.listPaneReducer(state, action);

describe('the list pane slice', () => {
	it('starts with nothing selected, every row in the service order, nothing asked', () => {
		expect(listPane.initialListPane).toEqual({
			selected: undefined,
			detail: false,
			detailScroll: 0,
			filter: '',
			filtering: false,
			order: undefined,
			confirm: undefined,
			busy: false,
			notice: undefined,
		});
	});

	it('gives the filter and order actions to the row filter, the pane its own part kept', () => {
		const typing = reduce(initial, { type: 'filter/open' });
		expect(typing).toMatchObject({ filtering: true, editing: true });
		const filtered = reduce(typing, { type: 'filter/set', text: 'ema' });
		expect(filtered).toMatchObject({ filter: 'ema', filtering: false, editing: true });
		expect(reduce(filtered, { type: 'order/step', headers, step: 1 }).order).toEqual({
			column: 'name',
			descending: false,
		});
		expect(reduce(typing, { type: 'filter/close' }).filtering).toBe(false);
	});

	it('gives the selection and detail to the tail list, and the request actions to the flow', () => {
		const selected = reduce(initial, { type: 'select', key: 'emails' });
		expect(reduce(selected, { type: 'detail/open' })).toMatchObject({ selected: 'emails', detail: true });
		const asked = reduce(selected, { type: 'request/confirm', pending });
		expect(asked.confirm).toBe(pending);
		expect(
			reduce(reduce(asked, { type: 'request/start' }), { type: 'request/done', notice: undefined }),
		).toMatchObject({ confirm: undefined, busy: false, selected: 'emails' });
		expect(reduce(asked, { type: 'request/failed', message: 'HTTP 404' }).notice).toEqual({
			tone: 'error',
			text: 'HTTP 404',
		});
	});

	it('clears the filter and the order on Esc; with neither, Esc changes nothing', () => {
		const sorted = reduce(reduce(initial, { type: 'filter/set', text: 'ema' }), {
			type: 'order/step',
			headers,
			step: 1,
		});
		expect(reduce(sorted, { type: 'back' })).toEqual({ ...sorted, filter: '', order: undefined });
		expect(reduce(initial, { type: 'back' })).toBe(initial);
	});

	it('a newest-first list follows the newest again when it shows other rows: another filter, or none', () => {
		const open: Pane = { ...initial, selected: 'msg_2', detail: true, filter: 'ema' };
		const set = listPane.listPaneReducer(open, { type: 'filter/set', text: 'owl' }, listPane.followNewest);
		expect(set).toMatchObject({ filter: 'owl', selected: undefined, detail: false });
		const back = listPane.listPaneReducer(
			{ ...open, detail: false },
			{ type: 'back' },
			listPane.followNewest,
		);
		expect(back).toMatchObject({ filter: '', selected: undefined });
		// Nothing to clear: the selection stays.
		expect(
			listPane.listPaneReducer({ ...open, filter: '' }, { type: 'back' }, listPane.followNewest),
		).toMatchObject({
			selected: 'msg_2',
		});
		// Without it, the selection is kept across filters.
		expect(reduce(open, { type: 'filter/set', text: 'owl' }).selected).toBe('msg_2');
	});

	it('leaving the pane closes the question, the notice and the filter field; the filter, order and selection stay', () => {
		const busy: Pane = {
			...initial,
			selected: 'emails',
			filter: 'ema',
			filtering: true,
			confirm: pending,
			notice: { tone: 'ok', text: 'done' },
		};
		expect(listPane.leaveListPane(busy)).toEqual({
			...busy,
			confirm: undefined,
			notice: undefined,
			filtering: false,
		});
		// A request on its way stays shown: its answer comes back to it.
		expect(listPane.leaveListPane({ ...busy, busy: true }).confirm).toBe(pending);
	});
});

describe('what a list does when it shows other rows', () => {
	const fromFirst = (state: { cursor: number } & Pane) => ({ ...state, cursor: 0 });
	const at = { ...initial, cursor: 4, filter: 'ema' };

	it('a new filter does it, even the same one again; the other filter actions do not', () => {
		expect(rowFilterReducer(at, { type: 'filter/set', text: 'owl' }, fromFirst).cursor).toBe(0);
		expect(
			rowFilterReducer({ ...at, filtering: false }, { type: 'filter/set', text: 'ema' }, fromFirst).cursor,
		).toBe(0);
		expect(rowFilterReducer(at, { type: 'filter/open' }, fromFirst).cursor).toBe(4);
		expect(rowFilterReducer(at, { type: 'order/step', headers, step: 1 }, fromFirst).cursor).toBe(4);
	});

	it('clearing the filter does it; with nothing to clear there is nothing to do', () => {
		expect(clearedFilter(at, fromFirst)).toMatchObject({ filter: '', cursor: 0 });
		expect(clearedFilter({ ...at, filter: '' }, fromFirst)).toBeUndefined();
	});
});

describe('a pane reducer with the request flow in it', () => {
	interface Form extends RequestFlow {
		typed: string;
		failure: string | undefined;
	}
	type FormAction = { type: 'type'; text: string } | RequestFlowAction;
	const own = (state: Form, action: { type: 'type'; text: string }): Form => ({
		...state,
		typed: action.text,
	});
	const answered = (next: Form, action: RequestFlowAction, before: Form): Form =>
		action.type === 'request/failed' ? { ...next, notice: before.notice, failure: action.message } : next;
	const reducer = withRequestFlow<PendingRequest, Form, FormAction>(own, answered);
	const start: Form = { confirm: undefined, busy: false, notice: undefined, typed: '', failure: undefined };

	it("gives the pane's own actions to its reducer, the flow's to the flow", () => {
		const typed = reducer(start, { type: 'type', text: 'emails' });
		expect(typed.typed).toBe('emails');
		expect(reducer(typed, { type: 'request/confirm', pending })).toMatchObject({
			confirm: pending,
			typed: 'emails',
		});
	});

	it('then to what an answer does to the pane, with the state before it', () => {
		const asked: Form = {
			...start,
			typed: 'emails',
			confirm: pending,
			notice: { tone: 'info', text: 'counting' },
		};
		expect(reducer(asked, { type: 'request/failed', message: 'HTTP 400' })).toMatchObject({
			confirm: undefined,
			notice: { tone: 'info', text: 'counting' },
			failure: 'HTTP 400',
			typed: 'emails',
		});
		// Without its own answer, the flow's.
		const plain = withRequestFlow<PendingRequest, Form, FormAction>(own);
		expect(plain(asked, { type: 'request/failed', message: 'HTTP 400' }).notice).toEqual({
			tone: 'error',
			text: 'HTTP 400',
		});
	});
});
