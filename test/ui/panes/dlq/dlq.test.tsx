/**
 * The Dead letters view, typed into like a person does, against the embedded local service
 * with real failing deliveries to loopback destinations: the filter goes to the service, the
 * detail shows the last answer, and every retry and delete is shown as its exact request and
 * count first, then checked on the service, not only on screen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DlqController } from '../../../../source/ui/panes/dlq/controller.js';
import type { DlqState } from '../../../../source/ui/panes/dlq/dlq-state.js';
import { type Sink, startSink } from '../../../local/helpers.js';
import { waitUntil } from '../../../support/wait.js';
import { controllerOf, keys, lineOf, type Session, selectedLine, startSession } from '../../harness.js';

const keyLine = (frame: string) => frame.trimEnd().split('\n').at(-1) ?? '';

describe('Dead letters view', () => {
	let session: Session;
	/** Answers 500 (binary bytes at /binary) until it recovers. */
	let down: Sink;
	let recovered = false;
	/** Answers 503 until it recovers. */
	let other: Sink;
	let otherRecovered = false;

	beforeAll(async () => {
		down = await startSink((r, _i, res) => {
			if (recovered) return void res.end('fine now');
			res.statusCode = 500;
			res.setHeader('x-reason', 'maintenance');
			res.end(
				r.url === '/binary' ? Buffer.from([0xff, 0xfe, 0x00, 0x41]) : `down for maintenance at ${r.url}`,
			);
		});
		other = await startSink((_r, _i, res) => {
			res.statusCode = otherRecovered ? 200 : 503;
			res.end(otherRecovered ? 'ok' : 'busy');
		});
		session = await startSession({ columns: 180, rows: 40, pane: 'dlq' });
	});
	afterAll(async () => {
		await session?.close();
		await down?.close();
		await other?.close();
	});

	const state = () => session.screen.runtime.pane<DlqState>('dlq').store.getSnapshot();
	const dlqIds = () => session.fixture.service.context.dlq.snapshot().map((l) => l.dlqId);

	/** Publishes with no retries and waits until the message is a dead letter; its message id. */
	async function deadLetter(url: string, label: string): Promise<string> {
		const published = await session.fixture.client.publish({
			destination: url,
			body: `for ${label}`,
			options: { retries: 0, labels: [label] },
		});
		if (published.kind !== 'url') throw new Error('expected a URL publish');
		const { messageId } = published.result;
		await waitUntil(() =>
			session.fixture.service.context.dlq.snapshot().some((l) => l.message.id === messageId)
				? true
				: undefined,
		);
		return messageId;
	}

	const dlqIdOf = (messageId: string) =>
		session.fixture.service.context.dlq.snapshot().find((l) => l.message.id === messageId)?.dlqId;

	let orders: string[];
	let others: string[];

	it('sends the URL filter to the service and shows exactly the dead letters it matches', async () => {
		const { screen } = session;
		orders = [
			await deadLetter(`${down.url}/orders`, 'orders'),
			await deadLetter(`${down.url}/orders`, 'orders'),
			await deadLetter(`${down.url}/orders`, 'orders'),
		];
		others = [await deadLetter(`${other.url}/x`, 'other'), await deadLetter(`${other.url}/x`, 'other')];
		await screen.waitFor((f) => f.includes('5 dead letters · no filter'), 'the whole queue');
		expect(keyLine(screen.frame())).toContain('/ filter');

		await screen.press('F');
		await screen.waitFor((f) => f.includes('Filter the dead letters'), 'the filter form');
		await screen.press(keys.tab, `${down.url}/orders`, keys.enter);
		const frame = await screen.waitFor(
			(f) => (f.includes('3 dead letters · filter url') ? f : undefined),
			'the filtered list',
		);
		for (const id of orders) expect(frame).toContain(id.slice(0, 20));
		for (const id of others) expect(frame).not.toContain(id.slice(0, 20));
		// The service did the filtering: the page shown is the answer to a request that carried it.
		const entry = screen.runtime.polls.getSnapshot().entries.dlqPage;
		expect(entry?.dataParams).toBe(`?url=${encodeURIComponent(`${down.url}/orders`)}`);
	});

	it('refuses a wrong filter value under its field, and sends nothing', async () => {
		const { screen } = session;
		await screen.press('F');
		await screen.waitFor((f) => f.includes('Filter the dead letters'), 'the filter form');
		// To the status field: message id, url, group, label, status.
		await screen.press(keys.tab, keys.tab, keys.tab, keys.tab, '5xx', keys.enter);
		await screen.waitFor((f) => f.includes('✗ expected HTTP statuses such as 500'), 'the error');
		expect(state().query).toEqual({ url: [`${down.url}/orders`] });
		for (let i = 0; i < 3; i++) await screen.press(keys.backspace);
		await screen.press(keys.esc);
		await screen.waitFor((f) => f.includes('3 dead letters · filter url'), 'the list as it was');
	});

	it('opens a dead letter with the last response: status, headers and the body as text or hex', async () => {
		const { screen } = session;
		await screen.press(keys.enter);
		const detail = await screen.waitFor(
			(f) => (f.includes('Last response') && f.includes('Message body') ? f : undefined),
			'the detail',
		);
		expect(detail).toMatch(/Dead letter \d+-\d+ status 500/);
		expect(lineOf(detail, 'x-reason')).toContain('maintenance');
		expect(detail).toContain('down for maintenance at /orders');
		expect(detail).toMatch(/labels +orders/);
		await screen.press(keys.esc);

		const binary = await deadLetter(`${down.url}/binary`, 'binary');
		await screen.press('F');
		await screen.waitFor((f) => f.includes('Filter the dead letters'), 'the filter form');
		// Replace the URL with the message id.
		await screen.press(binary, keys.tab);
		for (let i = 0; i < `${down.url}/orders`.length; i++) await screen.press(keys.backspace);
		await screen.press(keys.enter);
		await screen.waitFor((f) => f.includes('1 dead letter · filter message'), 'filtered by message id');
		await screen.press(keys.enter);
		const hex = await screen.waitFor(
			(f) => (f.includes('4 bytes, not UTF-8') ? f : undefined),
			'the binary answer as hex',
		);
		expect(hex).toContain('ff fe 00 41');
		// In the detail, D takes the record shown.
		await screen.press('D');
		await screen.waitFor((f) => f.includes(`delete the dead letter ${dlqIdOf(binary)}`), 'its deletion');
		await screen.press('y');
		await screen.waitFor((f) => f.includes('No dead letter matches the filter'), 'deleted');
		expect(dlqIdOf(binary)).toBeUndefined();
		await screen.press(keys.esc);
		await screen.waitFor((f) => f.includes('dead letters · no filter'), 'esc cleared the filter');
	});

	it('retries the selected one after showing its request: re-delivered, and it leaves the list', async () => {
		const { screen, fixture } = session;
		recovered = true;
		const [first] = orders;
		const dlqId = dlqIdOf(first!)!;
		await screen.waitFor((f) => f.includes('5 dead letters · no filter'), 'the whole queue');
		await eventuallySelect(dlqId);
		await screen.press('R');
		const confirm = await screen.waitFor(
			(f) => (f.includes(`retry the dead letter ${dlqId}`) ? f : undefined),
			'the confirmation',
		);
		expect(confirm).toContain(`POST /v2/dlq/retry?dlqIds=${dlqId}`);
		expect(confirm).toContain(`to ${fixture.service.queueUrl}`);
		// Nothing is sent before y.
		expect(dlqIds()).toContain(dlqId);
		const delivered = down.received.length;
		await screen.press('y');
		const done = await screen.waitFor(
			(f) => /✓ retried 1 dead letter: new message (msg_\w+)/.exec(f)?.[1],
			'the new message id',
		);
		const received = await down.waitFor(delivered + 1);
		expect(received.at(-1)?.headers['svc-message-id']).toBe(done);
		expect(received.at(-1)?.body.toString()).toBe('for orders');
		expect(dlqIds()).not.toContain(dlqId);
		await screen.waitFor(
			(f) => f.includes('4 dead letters') && !f.includes(dlqId),
			'the record left the list',
		);
		// The new message is followed in Messages.
		expect(screen.runtime.tracked.getSnapshot().messages.map((m) => m.id)).toContain(done);
	});

	it('deletes exactly the marked ones', async () => {
		const { screen } = session;
		const marked = [dlqIdOf(orders[1]!)!, dlqIdOf(others[1]!)!];
		const kept = dlqIds().filter((id) => !marked.includes(id));
		for (const id of marked) {
			await eventuallySelect(id);
			await screen.press(' ');
		}
		await screen.waitFor((f) => f.includes('2 marked'), 'two marked');
		// The same filter applied again keeps the marks.
		await screen.press('F');
		await screen.waitFor((f) => f.includes('Filter the dead letters'), 'the filter form');
		await screen.press(keys.enter);
		await screen.waitFor((f) => f.includes('2 marked') && !f.includes('Filter the dead letters'), 'kept');
		await screen.press('D');
		const confirm = await screen.waitFor(
			(f) => (f.includes('delete 2 marked dead letters') ? f : undefined),
			'the confirmation',
		);
		expect(confirm).toContain(`DELETE /v2/dlq?dlqIds=${marked[0]}&dlqIds=${marked[1]}`);
		expect(dlqIds()).toEqual(expect.arrayContaining(marked));
		await screen.press(keys.enter);
		await screen.waitFor((f) => f.includes('✓ deleted 2 dead letters'), 'done');
		expect(dlqIds()).toEqual(kept);
		await screen.waitFor((f) => f.includes(`${kept.length} dead letters ·`), 'the list without them');
	});

	it('retries everything the filter matches, counted first, over the service', async () => {
		const { screen } = session;
		await deadLetter(`${other.url}/x`, 'other');
		const matching = session.fixture.service.context.dlq
			.snapshot()
			.filter((l) => l.message.labels?.includes('other'))
			.map((l) => l.dlqId);
		expect(matching).toHaveLength(2);
		await screen.press('F');
		await screen.waitFor((f) => f.includes('Filter the dead letters'), 'the filter form');
		await screen.press(keys.tab, keys.tab, keys.tab, 'other', keys.enter);
		await screen.waitFor((f) => f.includes('2 dead letters · filter label other'), 'filtered by label');
		await screen.press('*');
		await screen.waitFor((f) => f.includes('all the filter matches marked'), 'all marked');
		await screen.press('R');
		const confirm = await screen.waitFor(
			(f) => (f.includes('retry 2 dead letters the filter matches (label other)') ? f : undefined),
			'the confirmation with the count',
		);
		expect(confirm).toContain('POST /v2/dlq/retry?label=other');
		otherRecovered = true;
		const delivered = other.received.length;
		await screen.press('y');
		await screen.waitFor((f) => f.includes('✓ retried 2 dead letters'), 'done');
		await other.waitFor(delivered + 2);
		expect(dlqIds().filter((id) => matching.includes(id))).toEqual([]);
		await screen.waitFor((f) => f.includes('No dead letter matches the filter'), 'the list is empty');
		expect(dlqIds()).toHaveLength(1);
		await screen.press(keys.esc);
	});

	it('leads to the delivery logs of the selected dead letter', async () => {
		const { screen } = session;
		const [letter] = session.fixture.service.context.dlq.snapshot();
		await screen.waitFor((f) => f.includes('1 dead letter · no filter'), 'the last one');
		await screen.press('l');
		await screen.waitFor(
			(f) => f.includes(`filter message ${letter!.message.id}`) && f.includes('FAILED'),
			'the Logs view filtered by its message',
		);
		expect(screen.runtime.ui.getSnapshot().pane).toBe('logs');
		screen.runtime.ui.dispatch({ type: 'pane/show', pane: 'dlq' });
	});

	/** Moves the selection to the row of `dlqId`. */
	async function eventuallySelect(dlqId: string): Promise<void> {
		const { screen } = session;
		await screen.waitFor((f) => f.includes(dlqId), `the row of ${dlqId}`);
		await screen.press('g');
		for (let i = 0; i < 20 && !selectedLine(screen)?.includes(dlqId); i++) await screen.press('j');
		expect(selectedLine(screen)).toContain(dlqId);
		expect(controllerOf<DlqController>(screen, 'dlq').selected()?.dlqId).toBe(dlqId);
	}
});

describe('Dead letters view when a retry fails', () => {
	it('says in one line what failed and why, at 80x24', async () => {
		const session = await startSession({ columns: 80, rows: 24, pane: 'dlq' });
		const { screen, fixture } = session;
		try {
			await fixture.client.publish({
				destination: 'http://127.0.0.1:9/refused',
				body: 'x',
				options: { retries: 0 },
			});
			await screen.waitFor((f) => f.includes('1 dead letter ·'), 'the dead letter');
			// The keys' line is whole: a shorter one where the full one does not fit.
			await screen.waitFor(
				(f) => f.includes('R retries, D deletes the marked · space marks, * all matches · l logs'),
				'the keys whole at 80 columns',
			);
			await screen.press('R');
			await screen.waitFor((f) => f.includes('POST /v2/dlq/retry'), 'the request shown');
			// The service stops before the request goes out.
			await fixture.service.close();
			await screen.press('y');
			const line = await screen.waitFor((f) => f.split('\n').find((l) => l.startsWith('✗ ')), 'the failure');
			expect(line).toMatch(/^✗ retry 1 dead letter failed: /);
			expect(line.match(/failed/g)).toHaveLength(1);
		} finally {
			await session.close();
		}
	});
});

describe('Dead letters view, read-only', () => {
	let session: Session;
	let sink: Sink;
	beforeAll(async () => {
		sink = await startSink((_r, _i, res) => {
			res.statusCode = 500;
			res.end('no');
		});
		session = await startSession({ columns: 140, rows: 45, pane: 'dlq', readOnly: true });
	});
	afterAll(async () => {
		await session?.close();
		await sink?.close();
	});

	it('lists and opens, but neither retries nor deletes, and says so', async () => {
		const { screen, fixture } = session;
		await fixture.client.publish({ destination: `${sink.url}/a`, options: { retries: 0 } });
		await screen.waitFor((f) => f.includes('1 dead letter'), 'the dead letter');
		expect(keyLine(screen.frame())).toContain('R/D read-only');
		await screen.press('R');
		await screen.waitFor(
			(f) => f.includes('read-only: retrying dead letters is disabled; nothing was sent'),
			'the refusal',
		);
		await screen.press('D');
		await screen.waitFor((f) => f.includes('read-only: deleting dead letters is disabled'), 'the refusal');
		expect(fixture.service.context.dlq.size(Date.now())).toBe(1);
		await screen.press('?');
		// Beside the list of views the help's columns are narrow: the note may wrap after "disabled:".
		await screen.waitFor((f) => /\(disabled:\s[^)]*?read-only\)/.test(f), 'help says so');
	});
});
