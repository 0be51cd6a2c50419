/**
 * The Schedules pane against the embedded local service, with schedules that really fire at a
 * loopback destination: the next runs spelled out in local time, pause and resume from the view
 * (each request shown first), a schedule created from the form with publish options, and
 * read-only mode.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseCron } from '../../../../source/api/cron.js';
import { formatClockIn, formatLocalDateTime } from '../../../../source/format/time.js';
import type { SchedulesController } from '../../../../source/ui/panes/schedules/controller.js';
import { scheduleFields } from '../../../../source/ui/panes/schedules/form.js';
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

// The form is typed key by key, and schedules run on their own clock: on a loaded two-core
// machine that takes longer than the default 20 s.
vi.setConfig({ testTimeout: 60_000 });

const ctrlS = '\x13';
const schedules = (screen: Screen) => controllerOf<SchedulesController>(screen, 'schedules');

/** Moves the focus of the open form to `id` with Tab. */
async function focusField(screen: Screen, id: string): Promise<void> {
	const form = schedules(screen).state.form!;
	const target = scheduleFields.findIndex((f) => f.id === id);
	const steps = (target - form.focus + scheduleFields.length) % scheduleFields.length;
	await screen.press(...Array.from({ length: steps }, () => keys.tab));
}

describe('Schedules pane', () => {
	let session: Session;
	let sink: Sink;

	beforeAll(async () => {
		sink = await startSink((request, _index, res) => {
			res.writeHead(request.url === '/fail' ? 500 : 200).end();
		});
		session = await startSession({ columns: 160, rows: 45, pane: 'schedules' });
	});
	afterAll(async () => {
		await session.close();
		await sink.close();
	});

	const arrivals = (path: string) => sink.received.filter((r) => r.url === path).length;
	const more = (path: string, count: number) => {
		const before = arrivals(path);
		return waitUntil(
			() => (arrivals(path) >= before + count ? true : undefined),
			10_000,
			() => `${path} received ${arrivals(path) - before} of ${count} more`,
		);
	};

	it('spells out the next runs in local time, in the zone of a CRON_TZ too', async () => {
		const { screen, fixture } = session;
		const cron = 'CRON_TZ=America/New_York 0 9 * * 1';
		await fixture.client.schedules.create({ scheduleId: 'weekly', destination: `${sink.url}/weekly`, cron });
		// Monday 09:00 in New York is under a day away on a Sunday: `in 23h31m`, else `in 3d4h`.
		await screen.waitFor((f) => /weekly +in \d+[dhm]/.test(f), 'the row with its next run');
		await selectKey(screen, 'weekly', () => schedules(screen).current()?.scheduleId);
		await screen.press(keys.enter);
		const next = parseCron(cron).runs(Date.now(), 5);
		const detail = await screen.waitFor(
			(f) => (f.includes('Schedule weekly') && f.includes('Next runs') ? f : undefined),
			'the detail',
		);
		expect(detail).toContain('America/New_York (its CRON_TZ)');
		for (const at of next)
			expect(detail).toContain(
				`${formatLocalDateTime(at)} · ${formatClockIn(at, 'America/New_York')} in America/New_York`,
			);
		expect(next.every((at) => formatClockIn(at, 'America/New_York') === '09:00:00')).toBe(true);
		expect(detail).toContain('Last run: not run yet');
		await screen.press(keys.esc);
		await screen.waitFor((f) => !f.includes('Schedule weekly ·'), 'back to the list');
		await fixture.client.schedules.delete('weekly');
	});

	it('pauses a schedule from the view, after showing the request, and it stops firing until resumed', async () => {
		const { screen, fixture } = session;
		await fixture.client.schedules.create({
			scheduleId: 'every-second',
			destination: `${sink.url}/every`,
			cron: '* * * * * *',
			body: 'tick',
		});
		await more('/every', 2);
		await screen.waitFor(
			(f) => /every-second +in \d+s/.test(f) && f.includes('succeeded'),
			'running, last run ok',
		);
		await selectKey(screen, 'every-second', () => schedules(screen).current()?.scheduleId);
		await screen.press('p');
		const confirm = await screen.waitFor(
			(f) => (f.includes('pause schedule every-second') ? f : undefined),
			'the pause request',
		);
		expect(confirm).toContain('POST /v2/schedules/every-second/pause');
		expect(confirm).toContain('(no body)');
		expect(confirm).toContain(`to ${fixture.service.queueUrl}`);
		// Nothing is sent before it is confirmed.
		expect((await fixture.client.schedules.get('every-second')).data.isPaused).toBe(false);
		await screen.press(keys.enter);
		await screen.waitFor((f) => f.includes('✓ done: paused schedule every-second'), 'paused');
		expect((await fixture.client.schedules.get('every-second')).data.isPaused).toBe(true);
		await screen.waitFor((f) => /every-second +paused/.test(f), 'shown paused');

		// A run already on its way when the pause came may still land; none after it.
		const atPause = arrivals('/every');
		await afterDelay(session.fixture.client, sink, 1500);
		expect(arrivals('/every') - atPause).toBeLessThanOrEqual(1);
		const settled = arrivals('/every');
		await afterDelay(session.fixture.client, sink, 1500);
		expect(arrivals('/every')).toBe(settled);

		await screen.press('p');
		await screen.waitFor(
			(f) => f.includes('every-second is paused already; u resumes it'),
			'p again says so',
		);
		await screen.press('u');
		const resume = await screen.waitFor(
			(f) => (f.includes('resume schedule every-second') ? f : undefined),
			'the resume request',
		);
		expect(resume).toContain('POST /v2/schedules/every-second/resume');
		await screen.press('y');
		await screen.waitFor((f) => f.includes('✓ done: resumed schedule every-second'), 'resumed');
		await more('/every', 2);
		await screen.waitFor((f) => /every-second +in \d+s/.test(f), 'shown running again');

		// Deleting is shown first too, and n leaves it be.
		await screen.press('D');
		await screen.waitFor((f) => f.includes('DELETE /v2/schedules/every-second'), 'the delete request');
		await screen.press('n');
		await screen.waitFor((f) => /every-second +in/.test(f), 'back, nothing deleted');
		expect((await fixture.client.schedules.get('every-second')).data.scheduleId).toBe('every-second');
		await screen.press('D', 'y');
		await screen.waitFor((f) => f.includes('✓ done: deleted schedule every-second'), 'deleted');
		await screen.waitFor((f) => !/every-second +/.test(f), 'gone from the list');
		expect((await fixture.client.schedules.list()).data.map((s) => s.scheduleId)).not.toContain(
			'every-second',
		);
	});

	it('shows a run that failed', async () => {
		const { screen, fixture } = session;
		await fixture.client.schedules.create({
			scheduleId: 'failing',
			destination: `${sink.url}/fail`,
			cron: '* * * * * *',
			options: { retries: 0 },
		});
		await screen.waitFor(
			(f) => /failing +in \d+s \(\d\d:\d\d:\d\d\) +failed (now|\d+s ago)/.test(f),
			'failed last run',
		);
		expect(screen.frame()).toMatch(/failed last run/);
		await fixture.client.schedules.delete('failing');
	});

	it('creates a schedule from the form with publish options, shown exactly first, and it runs', async () => {
		const { screen, fixture } = session;
		await screen.press('n');
		await screen.waitFor((f) => f.includes('New schedule'), 'the form');
		// A bad cron expression is refused next to its field; nothing is sent.
		await screen.press('every minute', keys.tab, `${sink.url}/created`, ctrlS);
		await screen.waitFor((f) => f.includes('expected 5 fields'), 'the cron refused');
		expect(schedules(screen).state.confirm).toBeUndefined();
		await focusField(screen, 'cron');
		await screen.press(
			...Array.from({ length: 'every minute'.length }, () => keys.backspace),
			'*/2 * * * * *',
		);
		await focusField(screen, 'scheduleId');
		await screen.press('from-form');
		await focusField(screen, 'body');
		await screen.press('hello');
		await focusField(screen, 'contentType');
		await screen.press('text/plain');
		await focusField(screen, 'retries');
		await screen.press('2');
		await focusField(screen, 'forward');
		await screen.press('X-From: form');
		await focusField(screen, 'labels');
		await screen.press('nightly', ctrlS);
		const confirm = await screen.waitFor(
			(f) => (f.includes(`create a schedule: ${sink.url}/created on */2 * * * * *`) ? f : undefined),
			'the create request',
		);
		expect(confirm).toContain(`POST /v2/schedules/${encodeURIComponent(`${sink.url}/created`)}`);
		for (const header of [
			'Svc-Cron: */2 * * * * *',
			'Svc-Schedule-Id: from-form',
			'Svc-Retries: 2',
			'Svc-Label: nightly',
			'Content-Type: text/plain',
		])
			expect(confirm).toContain(header);
		// The forwarded header's name goes out as the shared publish parser writes it (names are case-blind).
		expect(confirm.toLowerCase()).toContain('svc-forward-x-from: form');
		expect(confirm).toMatch(/\n│ hello +│/);
		expect((await fixture.client.schedules.list()).data.map((s) => s.scheduleId)).not.toContain('from-form');
		await screen.press(keys.enter);
		await screen.waitFor((f) => f.includes(`✓ done: created a schedule to ${sink.url}/created`), 'created');
		const { data: created } = await fixture.client.schedules.get('from-form');
		expect(created).toMatchObject({
			cron: '*/2 * * * * *',
			retries: 2,
			labels: ['nightly'],
			isPaused: false,
		});
		await more('/created', 1);
		const delivered = sink.received.filter((r) => r.url === '/created').at(-1)!;
		expect(delivered.body.toString()).toBe('hello');
		expect(delivered.headers['x-from']).toBe('form');
		expect(delivered.headers['content-type']).toBe('text/plain');
		await screen.waitFor((f) => /from-form +in \d+s/.test(f), 'listed');
		await fixture.client.schedules.delete('from-form');
	});

	it('keeps the form as typed when the service refuses it', async () => {
		const { screen, fixture } = session;
		await screen.press('n');
		await screen.waitFor((f) => f.includes('New schedule'), 'the form');
		// A URL Group that does not exist: the form cannot know, the service refuses.
		await screen.press('0 9 * * *', keys.tab, 'no-such-group', ctrlS);
		await screen.waitFor((f) => f.includes('create a schedule: no-such-group'), 'the request');
		await screen.press(keys.enter);
		const refused = await screen.waitFor(
			(f) => (f.includes('nothing changed; edit and send again, or esc') ? f : undefined),
			'the refusal over the form',
		);
		expect(refused).toMatch(/no-such-group/);
		expect(refused).toMatch(/destination +no-such-group/);
		expect((await fixture.client.schedules.list()).data).toEqual([]);
		await screen.press(keys.esc);
		await screen.waitFor((f) => f.includes('No schedules yet.'), 'the form closed');
	});
});

describe('Schedules pane, read-only', () => {
	it('shows the schedules and sends nothing', async () => {
		const session = await startSession({ columns: 160, rows: 45, pane: 'schedules', readOnly: true });
		try {
			const { screen, fixture } = session;
			await fixture.client.schedules.create({
				scheduleId: 'kept',
				destination: 'http://127.0.0.1:9/never',
				cron: '0 0 1 1 *',
			});
			const listed = await screen.waitFor((f) => (/kept +in \d+d/.test(f) ? f : undefined), 'listed');
			expect(keyLine(listed)).toContain('p/u/n read-only');
			await screen.press('p');
			await screen.waitFor(
				(f) => f.includes('read-only: pausing schedules is disabled; nothing was sent'),
				'p',
			);
			await screen.press('n');
			await screen.waitFor((f) => f.includes('read-only: creating schedules is disabled'), 'n');
			await screen.press('D');
			await screen.waitFor((f) => f.includes('read-only: deleting schedules is disabled'), 'D');
			expect((await fixture.client.schedules.get('kept')).data.isPaused).toBe(false);
			await screen.press('?');
			await screen.waitFor(
				(f) => f.includes('pause the schedule (shown first) (disabled: read-only)'),
				'help',
			);
		} finally {
			await session.close();
		}
	});
});
