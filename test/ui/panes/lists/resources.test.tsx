/**
 * `/` and `o`/`O` in the lists of named resources (Queues, Schedules, the index list, Flow
 * control, URL Groups and a group's endpoints), through the TUI against the embedded local service at 80x24 and 200x50: the rows
 * really reorder by the column's value (numbers as numbers) and narrow, the title says so, Esc
 * clears; the key line and the help show the keys.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Sink, startSink } from '../../../local/helpers.js';
import { keyLine, keys, type Session, startSession } from '../../harness.js';
import { checkFilterAndOrder } from './order.js';

describe.each([
	[80, 24],
	[200, 50],
])('filter and order of the resource lists at %ix%i', (columns, rows) => {
	let session: Session;
	let sink: Sink;

	beforeAll(async () => {
		sink = await startSink();
		session = await startSession({ columns, rows, pane: 'overview' });
	});
	afterAll(async () => {
		await session?.close();
		await sink?.close();
	});

	async function show(pane: string, loaded: string): Promise<void> {
		const { screen } = session;
		await screen.press(':', ...pane, keys.enter);
		await screen.waitFor((f) => f.includes(loaded), `the ${pane} pane`);
	}

	it('Queues: by parallelism as numbers (2, 5, 10), reversed, narrowed, cleared', async () => {
		const { client } = session.fixture;
		await client.queues.upsert('ship-b', { parallelism: 10 });
		await client.queues.upsert('ship-a', { parallelism: 2 });
		await client.queues.upsert('ship-c', { parallelism: 5 });
		await show('queues', '3 queues');
		const listed = (await client.queues.list()).data.map((q) => q.name);
		await checkFilterAndOrder(session.screen, {
			names: listed,
			column: 'parallelism',
			ascending: ['ship-a', 'ship-c', 'ship-b'],
			filter: 'ship-[bc]',
			kept: ['ship-b', 'ship-c'],
		});
	});

	it('Schedules: by id with its digits as numbers, reversed, narrowed, cleared', async () => {
		const { client } = session.fixture;
		for (const id of ['job-10', 'job-9', 'job-2'])
			await client.schedules.create({ scheduleId: id, destination: `${sink.url}/${id}`, cron: '0 3 * * *' });
		await show('schedules', '3 schedules');
		const listed = (await client.schedules.list()).data.map((s) => s.scheduleId);
		await checkFilterAndOrder(session.screen, {
			names: listed,
			column: 'schedule',
			ascending: ['job-2', 'job-9', 'job-10'],
			filter: 'job-(9|10)',
			kept: ['job-9', 'job-10'],
		});
	});

	it('the index list (Vector, i): by type, reversed, narrowed, cleared; Esc then closes it', async () => {
		const { screen } = session;
		await show('vector', 'Vector index');
		await screen.press('i');
		await screen.waitFor((f) => f.includes('3 vector indexes'), 'the list of indexes');
		await checkFilterAndOrder(screen, {
			// As an 80-column row shows them.
			names: ['local-vect', 'local-spar', 'local-hybr'],
			column: 'type',
			ascending: ['local-vect', 'local-hybr', 'local-spar'],
			filter: 'spar|hybr',
			kept: ['local-spar', 'local-hybr'],
		});
		await screen.press(keys.esc);
		await screen.waitFor((f) => !f.includes('3 vector indexes'), 'the list closed');
	});

	it('Accounts (the local service has one): the title says the order and the filter, / narrows, esc clears', async () => {
		const { screen, fixture } = session;
		const id = fixture.service.accountId;
		await show('accounts', '1 account');
		await screen.press('o');
		await screen.waitFor((f) => f.includes('sorted by id ↑') && f.includes(id.slice(0, 8)), 'sorted by id');
		await screen.press('/', '\x15', 'no-such-account', keys.enter);
		await screen.waitFor(
			(f) => f.includes('filter /no-such-account/i: 0 of 1') && f.includes('No account matches the filter'),
			'nothing kept',
		);
		await screen.press(keys.esc);
		await screen.waitFor(
			(f) => !f.includes('sorted by') && !f.includes('No account matches') && f.includes(id.slice(0, 8)),
			'cleared',
		);
	});

	it('Flow control: by key with its digits as numbers, reversed, narrowed, cleared', async () => {
		const { client } = session.fixture;
		// A paused key is listed though nothing waits on it.
		for (const key of ['fk-10', 'fk-9', 'fk-2']) await client.flowControl.pause(key);
		await show('flow', '3 keys');
		await checkFilterAndOrder(session.screen, {
			names: ['fk-10', 'fk-9', 'fk-2'],
			column: 'key',
			ascending: ['fk-2', 'fk-9', 'fk-10'],
			filter: 'fk-(2|10)\\b',
			kept: ['fk-2', 'fk-10'],
		});
	});

	it('URL Groups: by their endpoints, then a group’s endpoints by name; the key line and help say the keys', async () => {
		const { client } = session.fixture;
		const { screen } = session;
		await client.groups.addEndpoints('team-one', [
			{ name: 'ep-b', url: `${sink.url}/b` },
			{ name: 'ep-c', url: `${sink.url}/c` },
			{ name: 'ep-a', url: `${sink.url}/a` },
		]);
		await client.groups.addEndpoints('team-two', [{ url: `${sink.url}/x` }]);
		await client.groups.addEndpoints('team-six', [{ url: `${sink.url}/y` }, { url: `${sink.url}/z` }]);
		await show('groups', '3 URL Groups');
		const listed = ((await client.groups.list()).data ?? []).map((g) => g.name);
		await checkFilterAndOrder(screen, {
			names: listed,
			column: 'endpoints',
			ascending: ['team-two', 'team-six', 'team-one'],
			filter: 'team-(one|six)',
			kept: ['team-one', 'team-six'],
		});
		if (columns === 200) expect(keyLine(screen.frame())).toContain('o/O sort');

		// The open group's endpoints: the cursor on the first (ep-b), kept on it as they reorder.
		await screen.press('/', '\x15', 'team-one', keys.enter);
		await screen.waitFor((f) => f.includes('filter /team-one/i: 1 of 3'), 'one group left');
		await screen.press(keys.enter);
		await screen.waitFor((f) => f.includes('URL Group team-one'), 'the group open');
		await checkFilterAndOrder(screen, {
			names: ['ep-b', 'ep-c', 'ep-a'],
			column: 'name',
			ascending: ['ep-a', 'ep-b', 'ep-c'],
			filter: 'ep-[ab]',
			kept: ['ep-a', 'ep-b'],
		});
		// The cursor is on the first endpoint as listed, ep-b; sorted by name, ep-b moves to the
		// second row and the cursor with it: space marks ep-b, not what is now first (ep-a).
		await screen.press('o');
		await screen.waitFor((f) => f.includes('sorted by name ↑'), 'sorted by name');
		await screen.press(' ');
		await screen.waitFor((f) => f.includes('1 marked'), 'one marked');
		expect(screen.runtime.pane<{ marked: string[] }>('groups').store.getSnapshot().marked).toEqual([
			`${sink.url}/b`,
		]);

		await screen.press('?');
		const help = await screen.waitFor((f) => (f.includes('sort by the next column') ? f : undefined), 'help');
		expect(help).toMatch(/o\/> +sort by the next column/);
		expect(help).toMatch(/O +reverse the order/);
		await screen.press(keys.esc);
	});
});
