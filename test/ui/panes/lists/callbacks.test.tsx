/**
 * `/` and `o`/`O` in Callbacks, through the TUI at 80x24 and 200x50: the received requests sort
 * by a column of the grid (here what each asked for, its detail) and narrow, the line over the
 * grid says so, Esc clears.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { send } from '../../../receiver/helpers.js';
import { type ReceiverSession, startReceiverSession } from '../../harness.js';
import { checkFilterAndOrder } from './order.js';

describe.each([
	[80, 24],
	[200, 50],
])('filter and order of the Callbacks at %ix%i', (columns, rows) => {
	let session: ReceiverSession;

	beforeAll(async () => {
		session = await startReceiverSession({ columns, rows, pane: 'callbacks' });
	});
	afterAll(() => session?.close());

	it('sorts the requests by their detail, reverses, narrows and clears', async () => {
		const { screen, receiver } = session;
		// Unsigned: refused, and listed all the same.
		for (const path of ['/hook-c', '/hook-a', '/hook-b']) await send(`${receiver.url}${path}`, { body: 'x' });
		await checkFilterAndOrder(screen, {
			names: ['/hook-c', '/hook-a', '/hook-b'],
			column: 'detail',
			ascending: ['/hook-a', '/hook-b', '/hook-c'],
			filter: 'ok-[ab]',
			kept: ['/hook-a', '/hook-b'],
		});
	});
});
