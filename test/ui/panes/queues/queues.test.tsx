/**
 * The Queues pane against the embedded local service, with messages enqueued to a loopback
 * destination: a queue paused from the view holds its messages (its lag shows them) until it is
 * resumed from the view; a new parallelism keeps a paused queue paused; every request is shown
 * first; read-only mode sends nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueuesController } from '../../../../source/ui/panes/queues/controller.js';
import { type Sink, startSink } from '../../../local/helpers.js';
import { waitUntil } from '../../../support/wait.js';
import {
	afterDelay,
	controllerOf,
	keyLine,
	keys,
	type Screen,
	type Session,
	selectKey,
	startSession,
} from '../../harness.js';

const queues = (screen: Screen) => controllerOf<QueuesController>(screen, 'queues');

describe('Queues pane', () => {
	let session: Session;
	let sink: Sink;

	beforeAll(async () => {
		sink = await startSink();
		session = await startSession({ columns: 160, rows: 45, pane: 'queues' });
	});
	afterAll(async () => {
		await session.close();
		await sink.close();
	});

	const arrivals = (path: string) => sink.received.filter((r) => r.url === path).length;

	it('holds the messages of a queue paused from the view until it is resumed from the view', async () => {
		const { screen, fixture } = session;
		await fixture.client.queues.upsert('mail', { parallelism: 1 });
		await screen.waitFor((f) => /mail +active +0 +.*1 /.test(f), 'the queue listed');
		await selectKey(screen, 'mail', () => queues(screen).current()?.name);
		await screen.press('p');
		const pause = await screen.waitFor(
			(f) => (f.includes('pause queue mail') ? f : undefined),
			'the pause request',
		);
		expect(pause).toContain('POST /v2/queues/mail/pause');
		expect(pause).toContain('0 waiting messages stay');
		expect((await fixture.client.queues.get('mail')).data.paused).toBe(false);
		await screen.press(keys.enter);
		await screen.waitFor((f) => f.includes('✓ done: paused queue mail'), 'paused');
		expect((await fixture.client.queues.get('mail')).data.paused).toBe(true);

		for (let n = 1; n <= 3; n++)
			await fixture.client.queues.enqueue('mail', { destination: `${sink.url}/mail`, body: `mail ${n}` });
		await screen.waitFor((f) => /mail +paused +3 /.test(f), 'a lag of 3');
		await afterDelay(session.fixture.client, sink, 800);
		expect(arrivals('/mail')).toBe(0);

		// A new parallelism keeps the queue paused: the request says so, and carries it.
		await screen.press('s');
		await screen.waitFor((f) => f.includes('parallelism of mail:'), 'the field');
		await screen.press('0', keys.enter);
		await screen.waitFor((f) => f.includes('parallelism is a whole number from 1, got "0"'), 'refused');
		await screen.press(keys.backspace, '2', keys.enter);
		const set = await screen.waitFor(
			(f) => (f.includes('set the parallelism of queue mail from 1 to 2') ? f : undefined),
			'the upsert',
		);
		expect(set).toContain('3 waiting messages; stays paused');
		expect(set).toContain('POST /v2/queues');
		expect(set).toContain('{"queueName":"mail","parallelism":2,"paused":true}');
		await screen.press('y');
		await screen.waitFor((f) => f.includes('✓ done: queue mail now takes 2 at a time'), 'set');
		expect((await fixture.client.queues.get('mail')).data).toMatchObject({ parallelism: 2, paused: true });
		await afterDelay(session.fixture.client, sink, 500);
		expect(arrivals('/mail')).toBe(0);

		await screen.press('u');
		const resume = await screen.waitFor(
			(f) => (f.includes('resume queue mail') ? f : undefined),
			'the resume request',
		);
		expect(resume).toContain('3 waiting messages go out in order, 2 at a time');
		expect(resume).toContain('POST /v2/queues/mail/resume');
		await screen.press(keys.enter);
		await waitUntil(() => (arrivals('/mail') === 3 ? true : undefined), 10_000, 'all three delivered');
		expect(sink.received.filter((r) => r.url === '/mail').map((r) => r.body.toString())).toEqual([
			'mail 1',
			'mail 2',
			'mail 3',
		]);
		await screen.waitFor((f) => /mail +active +0 +/.test(f), 'the lag back to 0');
	});

	it('deletes a queue after showing the request', async () => {
		const { screen, fixture } = session;
		await fixture.client.queues.upsert('scratch', { parallelism: 3 });
		await screen.waitFor((f) => f.includes('scratch'), 'listed');
		await selectKey(screen, 'scratch', () => queues(screen).current()?.name);
		await screen.press('D');
		await screen.waitFor((f) => f.includes('DELETE /v2/queues/scratch'), 'the delete request');
		await screen.press(keys.esc);
		await screen.waitFor((f) => !f.includes('DELETE /v2/queues/scratch'), 'back');
		expect((await fixture.client.queues.get('scratch')).data.name).toBe('scratch');
		await screen.press('D', 'y');
		await screen.waitFor((f) => f.includes('✓ done: deleted queue scratch'), 'deleted');
		await screen.waitFor((f) => !/scratch +active/.test(f), 'gone');
		expect((await fixture.client.queues.list()).data.map((q) => q.name)).toEqual(['mail']);
	});
});

describe('Queues pane, read-only', () => {
	it('shows the queues and sends nothing', async () => {
		const session = await startSession({ columns: 160, rows: 45, pane: 'queues', readOnly: true });
		try {
			const { screen, fixture } = session;
			await fixture.client.queues.upsert('kept', { parallelism: 2 });
			const listed = await screen.waitFor((f) => (/kept +active/.test(f) ? f : undefined), 'listed');
			expect(keyLine(listed)).toContain('p/u/s read-only');
			await screen.press('p');
			await screen.waitFor((f) => f.includes('read-only: pausing queues is disabled; nothing was sent'), 'p');
			await screen.press('s');
			await screen.waitFor((f) => f.includes('read-only: changing parallelism is disabled'), 's');
			expect((await fixture.client.queues.get('kept')).data).toMatchObject({ paused: false, parallelism: 2 });
		} finally {
			await session.close();
		}
	});
});
