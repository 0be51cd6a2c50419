/**
 * What a person needs of a row stays on screen as the terminal narrows: whole message ids and
 * dead letter ids (a message id's start in an 80-column Callbacks row), destinations cut scheme
 * and host first, empty columns left out; and a message
 * known only from its callback shows where it went and how.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fitUrl, urlForms } from '../../../source/ui/kit/table/cut.js';
import { tableLayout } from '../../../source/ui/kit/table/table-view.js';
import { callbackBody, sendSigned } from '../../receiver/helpers.js';
import { type ReceiverSession, startReceiverSession } from '../harness.js';

describe('cutting a URL', () => {
	it('drops the scheme, then the host, and only then cuts the path', () => {
		const url = 'http://127.0.0.1:40809/orders/new?x=1';
		expect(urlForms(url)).toEqual([url, '127.0.0.1:40809/orders/new?x=1', '…/orders/new?x=1']);
		expect(fitUrl(url, 60)).toBe(url);
		expect(fitUrl(url, 30)).toBe('127.0.0.1:40809/orders/new?x=1');
		expect(fitUrl(url, 20)).toBe('…/orders/new?x=1');
		expect(fitUrl(url, 10)).toBe('…/orders/…');
		expect(fitUrl('my-group', 5)).toBe('my-g…');
	});
});

describe('a table', () => {
	it('leaves out a column with nothing in any row, so the others get its room', () => {
		const columns = [
			{ header: 'id', cell: (r: { id: string }) => r.id },
			{ header: 'labels', cell: () => '' },
			{ header: 'more', cell: (r: { id: string }) => `${r.id}!` },
		];
		const { widths } = tableLayout({ columns, rows: [{ id: 'a' }, { id: 'bb' }], width: 40, height: 5 });
		expect(widths).toEqual([2, 0, 4]);
		// With no rows the headers stay, to say what would be there.
		expect(tableLayout({ columns, rows: [], width: 40, height: 5 }).widths).toEqual([2, 6, 4]);
	});
});

// As the service makes them: msg_ and 26 characters.
const messageId = 'msg_ColumnsTest0123456789abcde';
const dlqId = '1767225600000-42';

describe.each([120, 80])('rows at %i columns', (columns) => {
	let session: ReceiverSession;
	beforeAll(async () => {
		session = await startReceiverSession({ columns, rows: 24 });
		// A failure callback for a message only the receiver heard of: the service has no such id.
		const body = callbackBody({
			status: 503,
			retried: 3,
			maxRetries: 3,
			sourceMessageId: messageId,
			dlqId,
			url: 'http://127.0.0.1:40809/webhooks/orders',
			method: 'PUT',
		});
		const sent = await sendSigned(session.receiver.url, '/failure', JSON.stringify(body), {
			key: session.keys.current,
		});
		expect(sent.status).toBe(200);
	});
	afterAll(() => session.close());

	const row = (frame: string, text: string) => frame.split('\n').find((l) => l.includes(text));

	it('Messages: the whole id, the destination and method from the callback, the path kept', async () => {
		const { screen } = session;
		await screen.press('5');
		// Read from the callback: the service answers 404 for the id, so it is all there is to show.
		const line = await screen.waitFor(
			(f) => (row(f, messageId)?.includes('failed') ? row(f, messageId) : undefined),
			'the message learned from its callback',
		);
		expect(line).toContain(columns >= 120 ? 'PUT' : '');
		expect(line).toContain(columns >= 120 ? '127.0.0.1:40809/webhooks/orders' : '…/webhooks/orders');
		expect(line).not.toContain('http://127.0.0.…');
		// Only columns with something in them: no labels or flow-control header for this row.
		expect(screen.frame()).not.toContain('flow control');
	});

	it('Callbacks: the dead letter id whole, the kind, the time to the millisecond, and the source message id (its start at 80)', async () => {
		const { screen } = session;
		await screen.press('6');
		// Beside the kind and the time (issue #31), an 80-column row has room for the start of the
		// message id only, which tells it apart; Enter shows it whole.
		const shown = columns >= 120 ? messageId : 'msg_ColumnsTest…';
		const line = await screen.waitFor((f) => row(f, shown), 'the failure callback');
		expect(line).toContain(dlqId);
		expect(line).toMatch(/\d\d:\d\d:\d\d\.\d{3} +(?:#\d+ +)?(failure-callback|fail-cb) /);
		expect(line.length).toBeLessThanOrEqual(columns);
	});
});
