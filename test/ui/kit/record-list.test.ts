/**
 * The record list a pane of records is made of (Dead letters, Failed runs, Logs), as pure
 * functions: actions in, state out. Esc takes back one thing at a time in a fixed order, what a
 * pane keeps of its own (marks) before the service's filter; an answered operation closes the
 * detail of the record it took; leaving and opening on a message.
 */
import { describe, expect, it } from 'vitest';
import {
	type ActedListState,
	actedListReducer,
	initialActedList,
	initialRecordList,
	leaveRecordList,
	openOnMessage,
	type RecordListState,
	recordListReducer,
	recordListScope,
} from '../../../source/ui/kit/record-list/record-list-state.js';
import type { PendingRequest } from '../../../source/ui/kit/request-flow/request-flow-state.js';

type Filter = { messageId?: string; label?: string };
type Marked = RecordListState<Filter> & { marked: readonly string[] };

const info = { tone: 'info' as const, text: 'retried 1 dead letter' };
const request: PendingRequest = {
	title: 'delete the dead letter d1',
	request: { operation: 'delete', method: 'DELETE', path: '/v2/dlq' },
};

/** Everything Esc can take back, at once. */
const busy: Marked = {
	...initialRecordList<Filter>({}),
	texts: { label: 'nightly' },
	query: { label: 'nightly' },
	cursor: 'c2',
	previous: [undefined],
	selected: 'd1',
	detail: true,
	filter: 'yak',
	filtering: true,
	notice: info,
	marked: ['d1'],
};

const clearMarks = (state: Marked) => (state.marked.length > 0 ? { ...state, marked: [] } : undefined);

describe('record list', () => {
	it('takes back with Esc the detail, the prompt, `/`, the marks, the filter (from the first page), the notice, in turn', () => {
		const steps: Marked[] = [busy];
		for (let i = 0; i < 7; i++) steps.push(recordListReducer(steps.at(-1)!, { type: 'back' }, clearMarks));
		const [, detail, prompt, narrowed, marks, filter, notice, nothing] = steps;
		expect(detail).toMatchObject({ detail: false, filtering: true, filter: 'yak' });
		expect(prompt).toMatchObject({ filtering: false, filter: 'yak' });
		expect(narrowed).toMatchObject({ filter: '', selected: undefined, marked: ['d1'] });
		expect(marks).toMatchObject({ marked: [], query: { label: 'nightly' }, cursor: 'c2' });
		expect(filter).toMatchObject({ query: {}, texts: {}, cursor: undefined, previous: [], notice: info });
		expect(notice).toMatchObject({ notice: undefined });
		expect(nothing).toBe(notice);
	});

	it('without marks of its own, clears the filter right after `/`', () => {
		const plain = recordListReducer(
			{ ...busy, detail: false, filtering: false, filter: '' },
			{ type: 'back' },
		);
		expect(plain).toMatchObject({ query: {}, marked: ['d1'] });
	});

	it('says a notice, and forgets it when the filter form opens', () => {
		const said = recordListReducer(initialRecordList<Filter>({}), { type: 'notice', notice: info });
		expect(said.notice).toBe(info);
		expect(recordListReducer(said, { type: 'notice', notice: info })).toBe(said);
		const form = { fields: [], values: {}, focus: 0 } as never;
		expect(recordListReducer(said, { type: 'form/open', form })).toMatchObject({ notice: undefined, form });
	});

	it('asks, then closes the detail of the record an answered operation took', () => {
		const open: ActedListState<Filter> = { ...initialActedList<Filter>({}), selected: 'd1', detail: true };
		const asked = actedListReducer(open, { type: 'request/confirm', pending: request });
		expect(asked).toMatchObject({ confirm: request, detail: true });
		expect(recordListScope(asked)).toBe('confirm');
		const done = actedListReducer(asked, { type: 'request/done', notice: info });
		expect(done).toMatchObject({ confirm: undefined, detail: false, notice: info });
		expect(actedListReducer(asked, { type: 'request/failed', message: 'HTTP 500' })).toMatchObject({
			detail: true,
		});
	});

	it('closes on leaving what was open (a question not yet sent too), and keeps the filter', () => {
		const asked = {
			...initialActedList<Filter>({ label: 'nightly' }),
			...busy,
			confirm: request,
			busy: false,
		};
		const left = leaveRecordList(asked);
		expect(left).toMatchObject({ detail: false, filtering: false, notice: undefined, confirm: undefined });
		expect(left.query).toEqual({ label: 'nightly' });
		expect(recordListScope(left)).toBeUndefined();
		const logs = leaveRecordList(busy);
		expect('confirm' in logs).toBe(false);
	});

	it('opens on a message: its records from the first page, the pane left as leaving leaves it', () => {
		const open = openOnMessage<Marked>((state, action) => ({
			...recordListReducer<Filter, Marked>(state, action),
			marked: [],
		}));
		const shown = open(busy, { messageId: 'msg_1' });
		expect(shown).toMatchObject({
			query: { messageId: 'msg_1' },
			texts: { messageId: 'msg_1' },
			cursor: undefined,
			detail: false,
			notice: undefined,
			marked: [],
		});
		expect(open(busy, {})).toBe(busy);
	});
});
