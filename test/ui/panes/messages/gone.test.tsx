/**
 * Messages the service no longer returns (issue 38): a failed one is found in the dead letter
 * queue, a delivered one is shown from its delivery logs, and both get their own logs read by
 * message id even when the newest page of the logs no longer holds them; `:messages <id>` opens
 * the pane on the id. At 80x24 and 200x50, against the embedded local service.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fixture, type Sink, startFixture, startSink } from '../../../local/helpers.js';
import { eventually, keys, mountTui, type Screen } from '../../harness.js';

/** The table row of message `id`: a line under the table header that shows it. */
function rowOf(frame: string, id: string): string | undefined {
	const lines = frame.split('\n');
	const header = lines.findIndex((line) => /^ *state +message id/.test(line));
	return header < 0 ? undefined : lines.slice(header + 1).find((line) => line.includes(id));
}

/**
 * The whole open detail, read a page at a time, once each of `wanted` shows somewhere in it
 * (the newest frame of each page, as the answers come in).
 */
async function readDetail(screen: Screen, title: string, wanted: readonly RegExp[]): Promise<string> {
	return eventually(async () => {
		await screen.press('g');
		let text = '';
		let last = '';
		for (let page = 0; page < 20; page++) {
			const frame = await screen.waitFor((f) => (f.includes(title) ? f : undefined), 'the detail');
			text += `${frame}\n`;
			if (frame === last) break;
			last = frame;
			await screen.press(keys.pageDown);
		}
		for (const pattern of wanted) expect(text, `${pattern}`).toMatch(pattern);
		return text;
	}, 20_000);
}

/** Publishes to `destination` behind mqtop's back and returns the message id. */
async function publish(fixture: Fixture, destination: string, body: string, options = {}): Promise<string> {
	const published = await fixture.client.publish({ destination, body, options });
	if (published.kind !== 'url') throw new Error('expected a URL publish');
	return published.result.messageId;
}

/** Types `id` into the follow field, waits for its row in `state`, and opens it. */
async function follow(screen: Screen, id: string, state: string): Promise<void> {
	await screen.press('i');
	await screen.waitFor((f) => f.includes('Follow message id:'), 'the field');
	await screen.press(id, keys.enter);
	await screen.waitFor((f) => rowOf(f, id)?.includes(state), `the typed id ${state}`);
	await screen.press(keys.enter);
}

describe.each([
	[80, 24],
	[200, 50],
])('Messages the service no longer returns, at %ix%i', (columns, rows) => {
	let fixture: Fixture;
	let screen: Screen;
	let ok: Sink;
	let failing: Sink;
	let failed: { id: string; dlqId: string };
	let delivered: string;
	let waiting: string;

	// Two messages end and one waits, then enough others are delivered that the newest page of the logs (100
	// entries) no longer holds theirs, before the monitor starts: it learns of them by their ids.
	beforeAll(async () => {
		fixture = await startFixture();
		ok = await startSink();
		failing = await startSink((_req, _i, res) => {
			res.writeHead(500, { 'content-type': 'text/plain' }).end('upstream broke');
		});
		const id = await publish(fixture, `${failing.url}/payments`, 'pay 42', {
			retries: 1,
			retryDelay: '50',
			forwardHeaders: { 'X-Order': 'o-42' },
		});
		delivered = await publish(fixture, `${ok.url}/orders`, '{"order":7}', {
			contentType: 'application/json',
			forwardHeaders: { 'X-Trace': 't-7' },
		});
		waiting = await publish(fixture, `${ok.url}/opened`, 'opened', { delayMs: 3_600_000 });
		const dlqId = await eventually(async () => {
			const { data } = await fixture.client.dlq.list({ filter: { messageId: id } });
			expect(data.messages).toHaveLength(1);
			return String(data.messages[0]!.dlqId);
		}, 20_000);
		failed = { id, dlqId };
		await ok.waitFor(1, 20_000);
		for (let i = 0; i < 40; i++) await publish(fixture, `${ok.url}/flood`, `flood ${i}`);
		await ok.waitFor(41, 20_000);
		await eventually(async () => {
			const { data } = await fixture.client.logs.list({ count: 100 });
			expect(data.logs.some((e) => [id, delivered, waiting].includes(e.messageId))).toBe(false);
		}, 20_000);
		screen = mountTui(
			fixture.client,
			{ embedded: true, accountId: fixture.service.accountId },
			{ columns, rows, pane: 'messages' },
		);
	});
	afterAll(async () => {
		screen?.unmount();
		await fixture?.close();
		await Promise.all([ok?.close(), failing?.close()]);
	});

	it('finds a failed message in the dead letter queue, with its 7 log entries, its attempts and its last answer', async () => {
		const { id, dlqId } = failed;
		const { data: own } = await fixture.client.logs.list({ filter: { messageId: id } });
		expect(own.logs).toHaveLength(7);

		await follow(screen, id, 'failed');
		const detail = await readDetail(screen, `Message ${id} failed`, [
			new RegExp(`dead letter id +${dlqId}`),
			/Delivery logs \(7, newest first\)/,
			/Attempts \(2, oldest first\)/,
			/#1 +\d\d:\d\d:\d\d\.\d{3} +ERROR · status 500 · \d+ ms/,
			/#2 +\d\d:\d\d:\d\d\.\d{3} +ERROR · status 500 · \d+ ms/,
			new RegExp(`destination +${failing.url}/payments`),
			/From the dead letter queue/,
			/Last response/,
			/status +500/,
			/upstream broke/,
			/X-Order +o-42/i,
			/pay 42/,
		]);
		expect(detail).not.toContain('not found');
		expect(detail).not.toContain('The service has not returned this message');
		await screen.press(keys.esc);
	});

	it('shows a delivered message from its delivery logs: destination, headers, body and the attempt', async () => {
		await follow(screen, delivered, 'delivered');
		const detail = await readDetail(screen, `Message ${delivered} delivered`, [
			/state +delivered \(event DELIVERED\)/,
			/From its delivery logs/,
			new RegExp(`destination +${ok.url}/orders`),
			/method +POST/,
			/X-Trace +t-7/i,
			/"order": 7/,
			/Attempts \(1, oldest first\)/,
			/#1 +\d\d:\d\d:\d\d\.\d{3} +DELIVERED · status 200 · \d+ ms/,
			/Delivery logs \(3, newest first\)/,
		]);
		expect(detail).not.toContain('The service has not returned this message');
		await screen.press(keys.esc);
	});

	it('opens on the id :messages is given, following it', async () => {
		const id = waiting;
		expect(screen.runtime.tracked.getSnapshot().messages.some((m) => m.id === id)).toBe(false);
		await screen.press('1');
		await screen.waitFor(() => screen.runtime.ui.getSnapshot().pane === 'overview', 'the Overview');
		await screen.press(':', ...`messages ${id}`, keys.enter);
		const row = await screen.waitFor(
			(f) => (rowOf(f, id)?.includes('waiting') ? rowOf(f, id) : undefined),
			'the pane open on the id, following it',
		);
		// The row opened on is the selected one.
		expect(row.startsWith('›')).toBe(true);
		expect(screen.runtime.ui.getSnapshot().pane).toBe('messages');
		await fixture.client.messages.cancelOne(id);
	});
});
