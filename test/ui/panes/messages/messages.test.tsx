/**
 * The Messages pane against the embedded local service and a receiver sharing its signing keys:
 * real publishes, real deliveries and callbacks, and the outcome checked on the service.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinUrl } from '../../../../source/api/connection.js';
import { ApiError } from '../../../../source/api/errors.js';
import { keyedEntry } from '../../../../source/ui/data/poll-store.js';
import type { MessagesController } from '../../../../source/ui/panes/messages/controller.js';
import { type Sink, startSink } from '../../../local/helpers.js';
import { conformant } from '../../../support/conformance.js';
import {
	controllerOf,
	eventually,
	keys,
	type ReceiverSession,
	type Screen,
	selectRow,
	startReceiverSession,
} from '../../harness.js';

/** The table row of message `id`: a line under the table header that shows it. */
function rowOf(frame: string, id: string): string | undefined {
	const lines = frame.split('\n');
	const header = lines.findIndex((line) => /^ *state +message id/.test(line));
	return header < 0 ? undefined : lines.slice(header + 1).find((line) => line.includes(id));
}

async function gone(session: ReceiverSession, id: string): Promise<boolean> {
	try {
		await conformant(session.fixture.client).getMessage(id);
		return false;
	} catch (error) {
		if (error instanceof ApiError && error.status === 404) return true;
		throw error;
	}
}

/**
 * Cancels message `id` (selected) as every edit is made: c shows the exact request, n goes back
 * with nothing sent, c then y sends it and the notice says the service took it.
 */
async function cancelShownFirst(screen: Screen, id: string): Promise<void> {
	await screen.press('c');
	const shown = await screen.waitFor(
		(f) => (f.includes(`DELETE /v2/messages/${id}`) ? f : undefined),
		'the request shown first',
	);
	expect(shown).toContain(`cancel message ${id}: the service forgets it`);
	expect(shown).toContain('enter/y send this request · esc/n back, nothing is sent');
	expect(shown).not.toContain('y/n');
	await screen.press('n');
	await screen.waitFor((f) => !f.includes('DELETE /v2/messages'), 'the request closed');
	expect(screen.runtime.pane('messages').store.getSnapshot()).toMatchObject({ confirm: undefined });
	await screen.press('c');
	await screen.waitFor((f) => f.includes(`DELETE /v2/messages/${id}`), 'the request again');
	await screen.press('y');
	await screen.waitFor((f) => f.includes(`✓ cancel of ${id} accepted by the service`), 'the cancel accepted');
}

/**
 * Enqueues a message to a paused queue and follows it: its row says waiting, paused; its detail
 * why; once the queue is resumed it is delivered.
 */
async function waitingInPausedQueue(session: ReceiverSession, sink: Sink, queue: string): Promise<void> {
	const { screen, fixture } = session;
	await fixture.client.queues.upsert(queue, { parallelism: 1, paused: true });
	const answer = await fixture.client.queues.enqueue(queue, {
		destination: `${sink.url}/held`,
		body: 'held',
	});
	if (answer.kind !== 'url') throw new Error('expected a URL enqueue');
	const id = answer.result.messageId;
	screen.runtime.tracked.track(id, 'publish');
	const row = await screen.waitFor(
		(f) => (rowOf(f, id)?.match(/^. ?waiting +\S+ +paused\b/) ? rowOf(f, id) : undefined),
		'the message waiting in the paused queue',
	);
	expect(row).not.toContain('in delivery');
	await selectRow(screen, id);
	await screen.press(keys.enter);
	const detail = await screen.waitFor(
		(f) => (f.includes(`Message ${id} waiting`) ? f : undefined),
		'its detail',
	);
	expect(detail).toMatch(new RegExp(`state +waiting \\(queue ${queue} is paused\\)`));
	expect(detail).toMatch(new RegExp(`next attempt +when queue ${queue} is resumed`));
	await screen.press(keys.esc);
	await fixture.client.queues.resume(queue);
	await screen.waitFor((f) => rowOf(f, id)?.includes('delivered'), 'delivered once resumed');
}

describe('Messages pane', () => {
	let session: ReceiverSession;
	let ok: Sink;
	let failing: Sink;

	beforeAll(async () => {
		session = await startReceiverSession({ columns: 200, rows: 50, pane: 'messages' });
		ok = await startSink();
		failing = await startSink((_req, _i, res) => {
			res.writeHead(500, { 'content-type': 'text/plain' }).end('upstream broke');
		});
	});
	afterAll(async () => {
		await session.close();
		await Promise.all([ok.close(), failing.close()]);
	});

	it('shows a published message waiting with its settings, then delivered, and its callback verified in Callbacks', async () => {
		const { screen, receiver, fixture } = session;
		const options = {
			method: 'PUT',
			retries: 2,
			labels: ['blue', 'urgent'],
			flowControl: { key: 'tenant-7', rate: 10, periodMs: 60_000, parallelism: 2 },
			callback: joinUrl(receiver.url, '/callback'),
		};
		// An hour's delay: the row is seen waiting however slowly the machine draws it.
		const later = await session.publish({
			destination: `${ok.url}/orders`,
			body: '{"order":0}',
			options: { ...options, delayMs: 3_600_000 },
		});
		const waiting = await screen.waitFor(
			(f) =>
				rowOf(f, later)?.includes('waiting') && rowOf(f, later)?.includes('in ')
					? rowOf(f, later)
					: undefined,
			'the message waiting, with a countdown',
		);
		for (const text of [
			'0/2',
			'PUT',
			`${ok.url}/orders`,
			'blue,urgent',
			'tenant-7 rate 10/1m par 2',
			'published here',
		])
			expect(waiting).toContain(text);
		expect(waiting).toMatch(/in (59m|60m|1h)/);

		const id = await session.publish({ destination: `${ok.url}/orders`, body: '{"order":1}', options });
		const delivered = await screen.waitFor(
			(f) => rowOf(f, id)?.includes('delivered') && rowOf(f, id),
			'delivered',
		);
		expect(delivered).not.toContain('waiting');
		// On the service: delivered to the destination, no longer retrievable, DELIVERED in its events.
		expect(ok.received.find((r) => r.body.toString() === '{"order":1}')?.method).toBe('PUT');
		expect(await gone(session, id)).toBe(true);
		const events = await conformant(fixture.client).listEvents({ messageId: id });
		expect(events.events[0]?.state).toBe('DELIVERED');

		await screen.press('6');
		const line = await screen.waitFor(
			(f) => f.split('\n').find((l) => l.includes(id)),
			'its callback in the Callbacks pane',
		);
		expect(line).toMatch(/callback +✓ current +→ 200 +200 +0\/2 /);
		expect(line).toContain(`PUT ${ok.url}/orders`);
		await screen.press('5');
		await screen.waitFor((f) => rowOf(f, id)?.includes('delivered'), 'back on Messages');
	});

	it('ends a failing message failed, with the dlqId the dead letter queue holds', async () => {
		const { screen, receiver, fixture } = session;
		const id = await session.publish({
			destination: `${failing.url}/payments`,
			body: 'pay',
			options: {
				retries: 1,
				retryDelay: '50',
				callback: joinUrl(receiver.url, '/callback'),
				failureCallback: joinUrl(receiver.url, '/failure'),
			},
		});
		const row = await screen.waitFor(
			(f) => (rowOf(f, id)?.match(/failed .* (\d+-\d+)/) ? rowOf(f, id) : undefined),
			'failed with a dlq id',
		);
		const dlqId = row.match(/(\d{10,}-\d+)/)?.[1];
		const record = await conformant(fixture.client).getDlq(dlqId!);
		expect(record.messageId).toBe(id);
		expect(record.responseStatus).toBe(500);
		expect(row).toContain('1/1');
		expect(failing.received.filter((r) => r.body.toString() === 'pay')).toHaveLength(2);

		await selectRow(screen, id);
		await screen.press(keys.enter);
		const detail = await screen.waitFor(
			(f) => (f.includes(`Message ${id} failed`) && f.includes('FAILED') ? f : undefined),
			'the detail with its events',
		);
		expect(detail).toMatch(new RegExp(`dead letter id +${dlqId}`));
		expect(detail).toMatch(/last callback +status 500, attempt retried 1\/1 \(last\)/);
		await screen.press(keys.esc);
	});

	it('cancels a delayed message after a confirmation, and the service forgets it', async () => {
		const { screen, fixture } = session;
		const id = await session.publish({
			destination: `${ok.url}/later`,
			body: 'later',
			options: { delayMs: 60_000 },
		});
		await screen.waitFor((f) => rowOf(f, id)?.includes('waiting'), 'the delayed message');
		await selectRow(screen, id);
		await cancelShownFirst(screen, id);
		await screen.waitFor((f) => rowOf(f, id)?.includes('cancelled'), 'the row cancelled');
		expect(await gone(session, id)).toBe(true);
		const states = (await conformant(fixture.client).listEvents({ messageId: id })).events.map(
			(e) => e.state,
		);
		expect(states).toContain('CANCELLED');
		expect(ok.received.some((r) => r.body.toString() === 'later')).toBe(false);

		// A message that is no longer waiting is not offered for cancelling.
		await screen.press('c');
		await screen.waitFor((f) => f.includes('only a message still waiting can be cancelled'), 'refused');
	});

	it('shows a message in a paused queue as waiting for the queue, until the queue is resumed', async () => {
		await waitingInPausedQueue(session, ok, 'held-wide');
	});

	it('follows a typed id, and refuses a malformed one next to the field without sending anything', async () => {
		const { screen, fixture } = session;
		const published = await fixture.client.publish({
			destination: `${ok.url}/typed`,
			body: 'typed',
			options: { delayMs: 60_000 },
		});
		if (published.kind !== 'url') throw new Error('expected a URL publish');
		const id = published.result.messageId;
		expect(rowOf(screen.frame(), id)).toBeUndefined();

		await screen.press('i');
		await screen.waitFor((f) => f.includes('Follow message id:'), 'the field');
		await screen.press(keys.enter);
		await screen.waitFor(
			(f) => f.includes('Follow message id:') && f.includes('✗ type a message id'),
			'empty refused, field still open',
		);
		await screen.press('msg 1', keys.enter);
		await screen.waitFor((f) => f.includes('✗ a message id has no spaces'), 'a space refused');
		await screen.press(...Array.from({ length: 5 }, () => keys.backspace), `${ok.url}/x`, keys.enter);
		await screen.waitFor((f) => f.includes('✗ a message id has no / ? # % or \\'), 'a URL refused');
		const before = screen.runtime.tracked.getSnapshot();
		expect(before.messages.some((m) => m.id.includes(' ') || m.id.includes('/'))).toBe(false);
		const polls = screen.runtime.polls.getSnapshot();
		expect(keyedEntry(polls, 'message', 'msg 1')).toBeUndefined();
		expect(keyedEntry(polls, 'message', `${ok.url}/x`)).toBeUndefined();

		await screen.press(...Array.from({ length: 40 }, () => keys.backspace), id, keys.enter);
		const row = await screen.waitFor(
			(f) => rowOf(f, id)?.includes('waiting') && rowOf(f, id),
			'the typed id followed',
		);
		expect(row).toContain('typed');
		expect(screen.frame()).not.toContain('Follow message id:');
		await fixture.client.messages.cancelOne(id);
		await screen.waitFor((f) => rowOf(f, id)?.includes('cancelled'), 'cancelled elsewhere, seen here');
	});

	it('shows the full message: headers and text body, a hex preview of a binary body, escape sequences escaped', async () => {
		const { screen } = session;
		const hostile = 'line one\x1b[2J\x1b]0;title\x07\r\b\nline two';
		const text = await session.publish({
			destination: `${ok.url}/text`,
			body: hostile,
			options: { delayMs: 60_000, contentType: 'text/plain', forwardHeaders: { 'X-Trace': 'abc-123' } },
		});
		await screen.waitFor((f) => rowOf(f, text)?.includes('waiting'), 'the text message');
		await selectRow(screen, text);
		await screen.press(keys.enter);
		const detail = await screen.waitFor(
			(f) => (f.includes(`Message ${text}`) && f.includes('line two') ? f : undefined),
			'the text body',
		);
		expect(detail).toContain('line one\\x1b[2J\\x1b]0;title\\x07\\r\\b');
		expect(detail).toMatch(/X-Trace +abc-123/i);
		expect(detail).toMatch(/Content-Type +text\/plain/i);
		for (const raw of ['\x1b[2J', '\x1b]0;', '\x07', '\r', '\b'])
			expect(screen.rawFrame()).not.toContain(raw);
		await screen.press(keys.esc);

		const binary = await session.publish({
			destination: `${ok.url}/bytes`,
			body: new Uint8Array([0xff, 0x00, 0x1b, 0x9b, 0x80, 0x41]),
			options: { delayMs: 60_000 },
		});
		await screen.waitFor((f) => rowOf(f, binary)?.includes('waiting'), 'the binary message');
		await selectRow(screen, binary);
		await screen.press(keys.enter);
		const hex = await screen.waitFor(
			(f) => (f.includes(`Message ${binary}`) && f.includes('6 bytes, not UTF-8') ? f : undefined),
			'the hex preview',
		);
		expect(hex).toMatch(/0000 +ff 00 1b 9b 80 41/);
		await screen.press(keys.esc);
		await eventually(async () => {
			await session.fixture.client.messages.cancelOne(text);
			await session.fixture.client.messages.cancelOne(binary);
		});
	});
});

describe('Messages pane in read-only mode', () => {
	let session: ReceiverSession;
	let sink: Sink;

	beforeAll(async () => {
		session = await startReceiverSession({ columns: 200, rows: 50, pane: 'messages', readOnly: true });
		sink = await startSink();
	});
	afterAll(async () => {
		await session.close();
		await sink.close();
	});

	it('refuses to cancel and sends nothing: the message stays on the service', async () => {
		const { screen, fixture } = session;
		const id = await session.publish({
			destination: `${sink.url}/later`,
			body: 'later',
			options: { delayMs: 60_000 },
		});
		await screen.waitFor((f) => rowOf(f, id)?.includes('waiting'), 'the delayed message');
		expect(screen.frame()).toContain('read-only: cancelling is off');
		await screen.press('c');
		await screen.waitFor((f) => f.includes('read-only: cancelling messages is disabled'), 'refused');
		expect(screen.frame()).not.toContain('DELETE /v2/messages');
		await screen.press('y');
		// Still there, and the service never heard of a cancel.
		expect((await conformant(fixture.client).getMessage(id)).messageId).toBe(id);
		const states = (await conformant(fixture.client).listEvents({ messageId: id })).events.map(
			(e) => e.state,
		);
		expect(states).toEqual(['CREATED']);
		// The controller refuses too, whoever asks.
		const controller = controllerOf<MessagesController>(screen, 'messages');
		controller.askCancel(id);
		await controller.send();
		expect((await conformant(fixture.client).getMessage(id)).messageId).toBe(id);
	});
});

describe('Messages pane at 80x24', () => {
	let session: ReceiverSession;
	let sink: Sink;
	beforeAll(async () => {
		session = await startReceiverSession({ columns: 80, rows: 24, pane: 'messages' });
		sink = await startSink();
	});
	afterAll(async () => {
		await session.close();
		await sink.close();
	});

	it('shows a message in a paused queue as waiting for the queue', async () => {
		await waitingInPausedQueue(session, sink, 'held-narrow');
	});

	it('cancels a waiting message after showing the request, as every edit does', async () => {
		const { screen, fixture } = session;
		const id = await session.publish({
			destination: `${sink.url}/later`,
			body: 'later',
			options: { delayMs: 60_000 },
		});
		await screen.waitFor((f) => rowOf(f, id) !== undefined, 'the delayed message');
		await selectRow(screen, id);
		await cancelShownFirst(screen, id);
		const states = (await conformant(fixture.client).listEvents({ messageId: id })).events.map(
			(e) => e.state,
		);
		expect(states).toContain('CANCELLED');
	});
});
