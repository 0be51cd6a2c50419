/** The Groups and Publish panes' state: pure reducers. */
import { describe, expect, it } from 'vitest';
import { groupForm } from '../../../source/ui/panes/groups/edits.js';
import {
	type GroupsAction,
	type GroupsState,
	groupsReducer,
	groupsScope,
	initialGroupsState,
} from '../../../source/ui/panes/groups/groups-state.js';
import { publishForm } from '../../../source/ui/panes/publish/publish-form.js';
import {
	initialPublishState,
	type PublishAction,
	type PublishState,
	publishReducer,
	publishScope,
} from '../../../source/ui/panes/publish/publish-state.js';
import { itemForm } from '../../../source/ui/panes/publish/trigger-items.js';

const groups = (state: GroupsState, ...actions: GroupsAction[]) => actions.reduce(groupsReducer, state);
const publish = (state: PublishState, ...actions: PublishAction[]) => actions.reduce(publishReducer, state);

const marked = [{ name: 'eu', url: 'https://eu/' }, { url: 'https://us/' }];
const edit = { title: 's', request: { operation: 'o', method: 'DELETE' as const, path: '/p' }, group: 'g' };
const deleting = { ...edit, group: undefined };

describe('groupsReducer', () => {
	it('marks endpoints of the open group, and forgets the marks on leaving it', () => {
		const open = groups(initialGroupsState, { type: 'select', name: 'g' }, { type: 'open' });
		const two = groups(
			open,
			{ type: 'mark', url: 'a' },
			{ type: 'mark', url: 'b' },
			{ type: 'mark', url: 'a' },
		);
		expect(two.marked).toEqual(['b']);
		expect(groups(two, { type: 'back' })).toMatchObject({ open: false, marked: [] });
		expect(groups(two, { type: 'endpoint/move', delta: 5, count: 3 }).endpointCursor).toBe(2);
	});

	it('relists the marked endpoints when the way to identify them changes, unless the list was edited', () => {
		const form = { kind: 'remove' as const, state: groupForm('remove', { group: 'g', marked }), marked };
		const state = groups(initialGroupsState, { type: 'form/open', form });
		expect(state.form?.state.values).toMatchObject({ by: 'url', endpoints: 'https://eu/\nhttps://us/' });
		const byName = groups(
			state,
			{ type: 'form/action', action: { type: 'focus/field', id: 'by' } },
			{
				type: 'form/action',
				action: { type: 'insert', text: 'n' },
			},
		);
		expect(byName.form?.state.values).toMatchObject({ by: 'name', endpoints: 'eu\nhttps://us/' });
		const edited = groups(
			byName,
			{ type: 'form/action', action: { type: 'focus/field', id: 'endpoints' } },
			{ type: 'form/action', action: { type: 'backspace' } },
			{ type: 'form/action', action: { type: 'focus/field', id: 'by' } },
			{ type: 'form/action', action: { type: 'insert', text: 'u' } },
		);
		expect(edited.form?.state.values).toMatchObject({ by: 'url', endpoints: 'eu\nhttps://us' });
	});

	it('keeps the form as typed when a send is refused, and closes everything when it is done', () => {
		const form = { kind: 'add' as const, state: groupForm('add', { group: 'g' }), marked: [] };
		const sending = groups(
			initialGroupsState,
			{ type: 'form/open', form },
			{ type: 'request/confirm', pending: deleting },
			{ type: 'request/start' },
		);
		expect(groupsScope(sending)).toBe('confirm');
		// The confirmation cannot be left while its request is out.
		expect(groups(sending, { type: 'request/cancel' })).toBe(sending);
		const refused = groups(sending, { type: 'request/failed', message: 'HTTP 404' });
		expect(refused).toMatchObject({ busy: false, confirm: undefined, failure: 'HTTP 404', form });
		expect(groupsScope(refused)).toBe('form');
		const done = groups(sending, { type: 'request/done', notice: { tone: 'ok', text: 'done' } });
		expect(done).toMatchObject({
			form: undefined,
			confirm: undefined,
			open: false,
			notice: { text: 'done' },
		});
		expect(groupsScope(done)).toBeUndefined();
		// Without a form, a refusal is the notice.
		const bare = groups(
			initialGroupsState,
			{ type: 'request/confirm', pending: edit },
			{ type: 'request/start' },
			{ type: 'request/failed', message: 'nope' },
		);
		expect(bare.notice).toEqual({ tone: 'error', text: 'nope' });
	});
});

describe('publishReducer', () => {
	const start = initialPublishState(publishForm(undefined));

	it('says which view has the keys', () => {
		expect(publishScope(start)).toBeUndefined();
		expect(publishScope(publish(start, { type: 'edit', editing: true }))).toBe('form');
		const trigger = publish(start, { type: 'view', view: 'trigger' });
		expect(publishScope(trigger)).toBe('publish.trigger');
		expect(publishScope(publish(trigger, { type: 'item/open', form: itemForm() }))).toBe('form.add');
	});

	it('adds, selects and removes trigger items', () => {
		const item = (n: number) => ({ destination: `https://w/${n}` });
		const three = publish(
			start,
			{ type: 'item/add', item: item(1) },
			{ type: 'item/add', item: item(2) },
			{
				type: 'file/loaded',
				items: [item(3)],
				notice: { tone: 'ok', text: 'loaded' },
			},
		);
		expect(three.items).toHaveLength(3);
		const removed = publish(three, { type: 'items/move', delta: -5 }, { type: 'items/remove' });
		expect(removed.items.map((i) => i.destination)).toEqual(['https://w/2', 'https://w/3']);
		expect(publish(start, { type: 'items/remove' })).toBe(start);
	});

	it('goes back to the typed form when a publish is refused, and clears a notice on the next edit', () => {
		const pending = {
			kind: 'publish' as const,
			title: 't',
			request: { operation: 'o', method: 'POST' as const, path: '/p', body: '' },
			publish: { destination: 'g' },
		};
		const refused = publish(
			start,
			{ type: 'request/confirm', pending },
			{ type: 'request/start' },
			{ type: 'request/failed', message: 'HTTP 404' },
		);
		expect(refused).toMatchObject({ editing: true, failure: 'HTTP 404', confirm: undefined, busy: false });
		const noticed = publish(start, {
			type: 'request/notice',
			notice: { tone: 'error', text: '2 fields to fix' },
		});
		expect(publish(noticed, { type: 'form/action', action: { type: 'submitted' } }).notice).toBeDefined();
		expect(
			publish(noticed, { type: 'form/action', action: { type: 'insert', text: 'x' } }).notice,
		).toBeUndefined();
	});

	it('adds the messages found for the runs of the batch it was asked about', () => {
		const result = (id: string, deduplicated = false) => ({
			workflowRunId: id,
			workflowCreatedAt: 1,
			deduplicated,
		});
		const triggered = publish(start, {
			type: 'triggered',
			triggered: {
				at: 5,
				runs: [
					{ destination: 'd', result: result('r1') },
					{ destination: 'd', result: result('r2', true) },
				],
			},
		});
		const found = new Map([
			['r1', 'm1'],
			['r2', 'm2'],
		]);
		expect(publish(triggered, { type: 'runs/found', at: 4, messages: found })).toBe(triggered);
		const runs = publish(triggered, { type: 'runs/found', at: 5, messages: found, note: 'n' }).triggered!;
		expect(runs.runs.map((r) => r.messageId)).toEqual(['m1', undefined]);
		expect(runs.note).toBe('n');
	});
});
