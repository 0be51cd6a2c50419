/**
 * The live rates and the health line against the local service with real traffic to a
 * loopback destination: the rates follow a change of traffic within two polls, the health line
 * turns red when dead letters grow and says why, and turning red is announced when asked.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MqClient } from '../../../source/api/client.js';
import { defaultHealthRules } from '../../../source/config/health.js';
import { startTui } from '../../../source/ui/run.js';
import { type Fixture, type Sink, startFixture, startSink } from '../../local/helpers.js';
import { waitUntil } from '../../support/wait.js';
import { mountTui, type Session, startSession } from '../harness.js';
import { fakeTerminal } from '../terminal.js';

/** The numbers a chart's title shows: last, min and max, per second. */
function chartNumbers(frame: string, title: string) {
	const match = new RegExp(
		`${title}  (~?)([\\d.]+[kMG]?)/s  min ([\\d.]+[kMG]?)/s  max ([\\d.]+[kMG]?)/s`,
	).exec(frame);
	return match ? { estimate: match[1] === '~', last: match[2]!, max: match[4]! } : undefined;
}

/** Waits until the service has logged `count` messages in `state`: the traffic has happened, as it records it. */
async function logged(client: MqClient, state: string, count: number) {
	await waitUntil(
		async () => {
			const page = await client.logs.list({ filter: { state }, count: 100 });
			return page.data.logs.length >= count ? true : undefined;
		},
		8000,
		`${count} ${state} entries in the delivery logs`,
	);
}

const refusing = 'http://127.0.0.1:9/refused';

describe('live rates on the Overview', () => {
	let session: Session;
	let sink: Sink;

	beforeAll(async () => {
		session = await startSession({ columns: 200, rows: 50, refreshMs: 250 });
		sink = await startSink();
	});
	afterAll(async () => {
		await session.close();
		await sink.close();
	});

	it('moves within two polls of a change in traffic, both ways, and draws it as multi-row charts', async () => {
		const { screen, fixture } = session;
		const { live } = screen.runtime;
		// The samples of polls answered after `t`, oldest first (the history read back at the start is older).
		const deliveredAfter = (t: number) => live.getSnapshot().rates.delivered.samples.filter((s) => s.at > t);
		// Quiet: the logs are counted and nothing is delivered.
		await screen.waitFor((f) => chartNumbers(f, 'delivered')?.last === '0', 'a quiet delivered rate');
		const start = Date.now();

		const published = 12;
		for (let i = 0; i < published; i++)
			await fixture.client.publish({ destination: `${sink.url}/ok`, body: `m${i}` });
		await logged(fixture.client, 'DELIVERED', 1);
		// The poll answered first after now may have been sent before the traffic; the one after it cannot have been.
		const seen = Date.now();
		await waitUntil(() => (deliveredAfter(seen).some((s) => (s.count ?? 0) > 0) ? true : undefined), 8000);
		expect(deliveredAfter(seen).findIndex((s) => (s.count ?? 0) > 0)).toBeLessThanOrEqual(1);

		// Stopped: the rate is back to zero within two polls of the last delivery.
		await logged(fixture.client, 'DELIVERED', published);
		const stopped = Date.now();
		await waitUntil(() => (deliveredAfter(stopped).length >= 2 ? true : undefined), 8000);
		expect(deliveredAfter(stopped)[1]?.count).toBe(0);
		const total = deliveredAfter(start).reduce((sum, s) => sum + (s.count ?? 0), 0);
		expect(total).toBe(published);

		const frame = await screen.waitFor(
			(f) =>
				chartNumbers(f, 'delivered')?.last === '0' && Number(chartNumbers(f, 'delivered')?.max) > 0
					? f
					: undefined,
			'the delivered chart with its peak and back to zero',
		);
		// Multi-row: the y axis has a labelled top, zero, and a time axis ending now.
		expect(frame).toMatch(/\d+\/s┤/);
		expect(frame).toMatch(/0\/s┼/);
		expect(frame).toMatch(/└-\S+─+now/);
		expect(frame).toContain('messages from the delivery logs');
		expect(chartNumbers(frame, 'requests')).toBeDefined();
		expect(frame).toMatch(/bandwidth {2}~?[\d.]+ (B|KiB)\/s/);
	});
});

describe('the health line', () => {
	let session: Session;

	beforeAll(async () => {
		session = await startSession({ columns: 120, rows: 40, refreshMs: 250 });
	});
	afterAll(() => session.close());

	const header = (frame: string) => frame.split('\n')[0] ?? '';

	it('turns red when dead letters grow, says why, and shows every rule one key away', async () => {
		const { screen, fixture } = session;
		await screen.waitFor((f) => header(f).startsWith(' OK  healthy'), 'a healthy line');

		await fixture.client.publish({ destination: refusing, body: 'lost', options: { retries: 0 } });
		await screen.waitFor(
			(f) => header(f).startsWith(' RED  1 dead letter in the last 5m · 1 in the dead letter queue'),
			'a red line that says why',
		);
		expect(header(screen.frame())).toContain('! why │ mqtop');
		// On a narrow terminal the reason gives way, not the key that explains it nor the service's address.
		screen.resize(60, 24);
		await screen.waitFor(
			(f) => /^ RED {2}1 dead letter .*… · ! why │ mqtop local 127\.0\.0\.1:\d+$/.test(header(f).trimEnd()),
			'the reason cut, ! why kept',
		);
		screen.resize(120, 40);

		await screen.press('!');
		const overlay = await screen.waitFor(
			(f) => (f.includes('Health  RED') ? f : undefined),
			'the health rules',
		);
		expect(overlay).toMatch(/FIRING\s+red when dead letters > 0 within 5m/);
		expect(overlay).toContain('1 dead letter in the last 5m');
		expect(overlay).toMatch(/ok\s+red when error rate > 50% within 5m \(at least 20 attempts\)/);
		expect(overlay).toContain('Rules: the defaults.');
		expect(overlay).toContain('Turning red is silent');
		await screen.press('!');
		await screen.waitFor(
			(f) => !f.includes('Health  RED') && f.includes('Period series'),
			'the overlay closed',
		);
	});

	it('runs whatever pane is visible', async () => {
		const { screen, fixture } = session;
		await screen.press('7');
		await screen.waitFor((f) => f.includes(' 7 Groups '), 'Groups');
		const failedAt = () => screen.runtime.live.getSnapshot().rates.failed.samples.at(-1)?.at ?? 0;
		const before = failedAt();
		await fixture.client.publish({ destination: refusing, body: 'lost again', options: { retries: 0 } });
		await screen.waitFor(
			(f) => header(f).includes('2 dead letters in the last 5m'),
			'a second dead letter on Groups',
		);
		expect(failedAt()).toBeGreaterThan(before);
	});
});

describe('rules of the config file, and turning red announced', () => {
	let fixture: Fixture;
	let stop: (() => void) | undefined;

	beforeAll(async () => {
		fixture = await startFixture();
	});
	afterEach(() => stop?.());
	afterAll(() => fixture.close());

	it('turns yellow on a yellow rule', async () => {
		const session = await startSession({
			columns: 120,
			rows: 30,
			refreshMs: 250,
			health: {
				rules: [{ metric: 'deadLetters', above: 0, withinMs: 60_000, level: 'yellow', minAttempts: 1 }],
				rulesFrom: 'file',
				notify: 'off',
			},
			healthSource: 'config file /tmp/mqtop.json',
		});
		try {
			const { screen } = session;
			await screen.waitFor((f) => f.startsWith(' OK '), 'a healthy line');
			await session.fixture.client.publish({ destination: refusing, body: 'x', options: { retries: 0 } });
			await screen.waitFor((f) => f.startsWith(' WARN  1 dead letter in the last 1m'), 'a yellow line');
			await screen.press('!');
			await screen.waitFor(
				(f) => f.includes('Rules: config file /tmp/mqtop.json.'),
				'where the rules come from',
			);
		} finally {
			await session.close();
		}
	});

	it('notifies the desktop on a terminal that shows it, once, when the line turns red', async () => {
		const terminal = fakeTerminal(120, 30);
		const tui = startTui({
			client: fixture.client,
			connection: { embedded: true, accountId: fixture.service.accountId },
			stdin: terminal.stdin,
			stdout: terminal.stdout,
			stderr: terminal.stdout,
			refreshMs: 250,
			patchConsole: false,
			health: { rules: defaultHealthRules, rulesFrom: 'defaults', notify: 'desktop' },
			env: { TERM_PROGRAM: 'WezTerm', TERM: 'xterm-256color' },
		});
		stop = () => tui.stop();
		await waitUntil(() => (terminal.output().includes(' OK ') ? true : undefined), 8000, terminal.output);
		await fixture.client.publish({ destination: refusing, body: 'x', options: { retries: 0 } });
		// The statistics may not have counted the dead letter queue yet when the logs saw the failure.
		const sequence = /\x1b\]9;mqtop: red: 1 dead letter in the last 5m[^\x07]*\x07/g;
		await waitUntil(
			() => (terminal.output().match(sequence) ? true : undefined),
			8000,
			() => JSON.stringify(terminal.output().slice(-2000)),
		);
		expect(terminal.output().match(sequence)).toHaveLength(1);
		tui.stop();
		await tui.exited;
	});
});

describe('what happened before the monitor started', () => {
	it('is read back from the delivery logs: the line starts red for a dead letter from before', async () => {
		const fixture = await startFixture();
		try {
			await fixture.client.publish({ destination: refusing, body: 'before', options: { retries: 0 } });
			await logged(fixture.client, 'FAILED', 1);
			const screen = mountTui(
				fixture.client,
				{ embedded: true, accountId: fixture.service.accountId },
				{ columns: 120, rows: 30, refreshMs: 250 },
			);
			try {
				const frame = await screen.waitFor(
					(f) => (f.startsWith(' RED  1 dead letter in the last 5m') ? f : undefined),
					'a red line from the history',
				);
				// Red from the first answer of the logs on: it never showed healthy.
				expect(screen.written().join('')).not.toContain(' OK  healthy');
				expect(frame).toContain('! why');
			} finally {
				screen.unmount();
			}
		} finally {
			await fixture.close();
		}
	});
});
