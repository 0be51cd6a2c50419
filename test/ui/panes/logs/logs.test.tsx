/**
 * The Logs view against the embedded local service with real deliveries to loopback
 * destinations and a callback receiver: the filter goes to the service, the newest entries are
 * followed until you move, an entry opens with its headers and bodies, and it leads to its
 * message, its dead letters and its callbacks through the shell.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DlqState } from '../../../../source/ui/panes/dlq/dlq-state.js';
import { logsPane } from '../../../../source/ui/panes/logs/index.js';
import type { LogsState } from '../../../../source/ui/panes/logs/logs-state.js';
import type { MessagesState } from '../../../../source/ui/panes/messages/messages-state.js';
import { type Sink, startSink } from '../../../local/helpers.js';
import { waitUntil } from '../../../support/wait.js';
import { keys, lineOf, type ReceiverSession, selectedLine, startReceiverSession } from '../../harness.js';

describe('Logs view', () => {
	let session: ReceiverSession;
	/** Answers 200 with a JSON body, or 500 at /fail. */
	let sink: Sink;

	beforeAll(async () => {
		sink = await startSink((r, _i, res) => {
			res.statusCode = r.url === '/fail' ? 500 : 200;
			res.setHeader('x-handled-by', 'sink');
			res.end(JSON.stringify({ handled: r.url }));
		});
		session = await startReceiverSession({ columns: 200, rows: 45, pane: 'logs' });
	});
	afterAll(async () => {
		await session?.close();
		await sink?.close();
	});

	const logs = () => session.screen.runtime.pane<LogsState>('logs').store.getSnapshot();

	/** Publishes and waits until the service logged its end (DELIVERED or FAILED). */
	async function delivered(path: string, label: string, options: object = {}): Promise<string> {
		const messageId = await session.publish({
			destination: `${sink.url}${path}`,
			body: JSON.stringify({ order: path }),
			options: { retries: 0, labels: [label], contentType: 'application/json', ...options },
		});
		await waitUntil(async () => {
			const { data } = await session.fixture.client.logs.list({ filter: { messageId } });
			return data.logs.some((l) => l.state === 'DELIVERED' || l.state === 'FAILED') ? true : undefined;
		});
		return messageId;
	}

	/** The line of the newest entry of message `id` on screen (the list is newest first). */
	const newestOf = (frame: string, id: string) =>
		frame.split('\n').find((line) => line.includes(id.slice(0, 20)));

	let alpha: string[];
	let beta: string;

	it('filters by label at the service and shows exactly those entries', async () => {
		const { screen } = session;
		alpha = [await delivered('/a1', 'alpha'), await delivered('/a2', 'alpha')];
		beta = await delivered('/b', 'beta');
		await screen.waitFor(
			(f) => f.includes(beta.slice(0, 20)) && f.includes('following the newest'),
			'every entry',
		);
		await screen.press('F');
		await screen.waitFor((f) => f.includes('Filter the delivery logs'), 'the filter form');
		// state, message id, url, group, label
		await screen.press(keys.tab, keys.tab, keys.tab, keys.tab, 'alpha', keys.enter);
		const frame = await screen.waitFor(
			(f) =>
				f.includes('6 log entries · following the newest') && f.includes('filter label alpha')
					? f
					: undefined,
			'the entries of label alpha',
		);
		for (const id of alpha) expect(frame).toContain(id.slice(0, 20));
		expect(frame).not.toContain(beta.slice(0, 20));
		expect(frame).toMatch(/DELIVERED +200/);
		expect(screen.runtime.polls.getSnapshot().entries.logPage?.dataParams).toBe('?label=alpha');
	});

	it('follows new entries until you move, and again after g', async () => {
		const { screen } = session;
		const third = await delivered('/a3', 'alpha');
		await screen.waitFor((f) => f.includes(third.slice(0, 20)), 'the new entry, followed');
		await screen.press('j');
		await screen.waitFor((f) => f.includes('paused (g follows the newest again)'), 'paused');
		const plan = () =>
			logsPane.polls!({
				shell: screen.runtime.ui.getSnapshot(),
				state: logs(),
				polls: screen.runtime.polls.getSnapshot(),
				tracked: screen.runtime.tracked.getSnapshot(),
				now: Date.now(),
			});
		// Paused, the page read stays still: nothing is polled.
		expect(plan()).toEqual([]);
		const fourth = await delivered('/a4', 'alpha');
		expect(screen.frame()).not.toContain(fourth.slice(0, 20));
		await screen.press('g');
		await screen.waitFor(
			(f) => f.includes(fourth.slice(0, 20)) && f.includes('following the newest'),
			'following',
		);
		expect(plan()).toHaveLength(1);
	});

	it('opens an entry with the message headers and body, and the status of the answer', async () => {
		const { screen } = session;
		const id = await delivered('/headers', 'alpha', { forwardHeaders: { 'X-Tenant': 'acme' } });
		// Its newest entry on screen the DELIVERED one: a poll answered before delivery shows it CREATED.
		await screen.waitFor((f) => newestOf(f, id)?.includes('DELIVERED'), 'the DELIVERED entry');
		await screen.press(keys.enter);
		const detail = await screen.waitFor(
			(f) => (f.includes(`Log entry of ${id} DELIVERED`) && f.includes('Message body') ? f : undefined),
			'the detail of the newest entry',
		);
		expect(lineOf(detail, 'status')).toContain('200');
		expect(lineOf(detail, 'X-Tenant')).toContain('acme');
		expect(detail).toContain('"order": "/headers"');
		await screen.press(keys.esc, 'g');
	});

	it('leads from an entry to its message, its dead letters and its callbacks', async () => {
		const { screen, receiver } = session;
		const failed = await delivered('/fail', 'alpha', { callback: receiver.url });
		await screen.waitFor((f) => newestOf(f, failed)?.includes('FAILED'), 'the failed entry');
		// The newest entry is FAILED, the one below it the ERROR with the destination's answer.
		await screen.press('j', keys.enter);
		const error = await screen.waitFor(
			(f) => (f.includes(`Log entry of ${failed} ERROR`) && f.includes('Response body') ? f : undefined),
			'the ERROR entry with the answer',
		);
		expect(lineOf(error, 'status')).toContain('500');
		expect(lineOf(error, 'x-handled-by')).toContain('sink');
		expect(error).toContain('"handled": "/fail"');
		await screen.press(keys.esc);
		expect(selectedLine(screen)).toContain(failed.slice(0, 20));

		await screen.press('d');
		await screen.waitFor(
			(f) => f.includes(`1 dead letter · filter message ${failed}`),
			'the Dead letters view, filtered by the message',
		);
		expect(screen.runtime.pane<DlqState>('dlq').store.getSnapshot().query).toEqual({ messageId: failed });

		screen.runtime.ui.dispatch({ type: 'pane/show', pane: 'logs' });
		await screen.waitFor((f) => f.includes('filter label alpha'), 'back in Logs');
		await screen.press('m');
		await screen.waitFor(
			(f) =>
				f.includes('messages followed') && (selectedLine(screen)?.includes(failed.slice(0, 20)) ?? false),
			'Messages, on the message',
		);
		expect(screen.runtime.pane<MessagesState>('messages').store.getSnapshot().selected).toBe(failed);

		screen.runtime.ui.dispatch({ type: 'pane/show', pane: 'logs' });
		await screen.waitFor((f) => f.includes('filter label alpha'), 'back in Logs');
		await waitUntil(() => (receiver.store.getSnapshot().events.length > 0 ? true : undefined));
		await screen.press('c');
		const callbacks = await screen.waitFor(
			(f) => (f.includes(`filter /${failed}/i`) ? f : undefined),
			'Callbacks, filtered by the message',
		);
		expect(callbacks).toMatch(/1 of \d+ match/);
		expect(callbacks).toContain(failed);
	});
});
