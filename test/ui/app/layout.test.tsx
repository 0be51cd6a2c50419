/**
 * What the monitor's lines say and where they stand, at 80x24 and 200x50 (and the sizes the
 * issue found them cut at), against the embedded local service: the header's reason and URL
 * whole, the `!` box's footer whole, headers not cut, tabs that stay put, the Callbacks status
 * line and kind column, a gap after a sparkline's label, and a health line that says it is
 * stale once the server stops answering.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Sink, startSink } from '../../local/helpers.js';
import { keys, type ReceiverSession, type Session, startReceiverSession, startSession } from '../harness.js';

const sizes = [
	[80, 24],
	[200, 50],
] as const;

/** A sink whose `/broken` path always answers 500: a message to it with no retries is a dead letter at once. */
async function brokenSink(): Promise<Sink> {
	return startSink((req, _i, res) => {
		res.statusCode = req.url?.startsWith('/broken') ? 500 : 200;
		res.end('ok');
	});
}

/** The host and port of a URL, as the narrowest header names the service. */
const hostOf = (url: string) => url.replace(/^https?:\/\//, '').replace(/\/$/, '');

describe.each(sizes)('the header and the health overlay at %ix%i', (columns, rows) => {
	let session: Session;
	let sink: Sink;

	beforeAll(async () => {
		session = await startSession({ columns, rows });
		sink = await brokenSink();
		await session.fixture.client.publish({ destination: `${sink.url}/broken`, options: { retries: 0 } });
	});
	afterAll(async () => {
		await session.close();
		await sink.close();
	});

	it('shows the reason and the service URL whole, giving way in shorter forms rather than cutting', async () => {
		const { screen, fixture } = session;
		const header = await screen.waitFor(
			(f) => (f.includes('1 dead letter in') ? f.split('\n')[0] : undefined),
			'the dead letter in the header',
		);
		expect(header).not.toContain('…');
		expect(header).toContain(hostOf(fixture.service.queueUrl));
		if (columns >= 200) {
			expect(header).toContain('1 dead letter in the last 5m · 1 in the dead letter queue');
			expect(header).toContain(`embedded local service at ${fixture.service.queueUrl}`);
		}
	});

	it('wraps the footer of the ! box instead of cutting it, at 120x40 too', async () => {
		const { screen } = session;
		try {
			for (const [w, h] of [[columns, rows] as const, [120, 40] as const]) {
				screen.resize(w, h);
				await screen.press('!');
				const box = await screen.waitFor(
					(f) => (f.includes('! or esc closes this') ? f : undefined),
					'the box',
				);
				const text = box.replace(/[│╭╮╰╯─]/g, ' ').replace(/\s+/g, ' ');
				expect(text).toContain(
					'Change them in the config file\'s "health" section (README, "The health line").',
				);
				expect(text).toContain(
					'Turning red is silent: set "notify" to "bell", "desktop" or "both" in the "health" section.',
				);
				await screen.press('!');
				await screen.waitFor((f) => !f.includes('! or esc closes this'), 'the box closed');
			}
		} finally {
			screen.resize(columns, rows);
		}
	});

	it('keeps the tabs where they are as the current pane changes', async () => {
		const { screen } = session;
		const tabLines = new Set<string>();
		for (const pane of ['1', '2', '3', '4', '5', '6', '7', '8', '9']) {
			await screen.press(pane);
			const index = Number(pane) - 1;
			await screen.waitFor(
				() =>
					screen.runtime.ui.getSnapshot().pane === screen.runtime.panes.filter((p) => p.numberKey)[index]!.id,
				`pane ${pane}`,
			);
			tabLines.add(screen.frame().split('\n')[1]!);
			// A pane that opens on a question takes every key: Esc closes it.
			await screen.press(keys.esc);
		}
		expect([...tabLines]).toHaveLength(1);
		await screen.press('1');
	});

	it('leaves a space between a live chart label and its sparkline, at 100x24 too', async () => {
		const { screen } = session;
		// 200x50 draws the live rates as charts with axes, not sparklines.
		const shown = columns < 200 ? [[columns, rows] as const] : [];
		try {
			for (const [w, h] of [...shown, [100, 24] as const]) {
				screen.resize(w, h);
				// Drawn once two answers came (the label may run into the sparkline: what is checked).
				const frame = await screen.waitFor(
					(f) => (/dead letters *[▁▂▃▄▅▆▇█·]/.test(f) && /delivered *[▁▂▃▄▅▆▇█·]/.test(f) ? f : undefined),
					`the live charts at ${w}x${h}`,
				);
				// Where two charts share a row, the second's label is also followed by a space.
				for (const label of ['delivered', 'retried', 'failed', 'requests', 'bandwidth', 'dead letters'])
					expect(frame, label).toMatch(new RegExp(`${label} +[▁▂▃▄▅▆▇█·]`));
			}
		} finally {
			screen.resize(columns, rows);
		}
	});
});

describe('the header while the server does not answer', () => {
	let session: Session;
	let sink: Sink;

	beforeAll(async () => {
		session = await startSession({ columns: 80, rows: 24, backoff: { baseMs: 50, maxMs: 100 } });
		sink = await brokenSink();
	});
	afterAll(async () => {
		session.screen.unmount();
		await sink.close();
	});

	it('says the health is stale, and what it was, rather than keeping it as current', async () => {
		const { screen, fixture } = session;
		await fixture.client.publish({ destination: `${sink.url}/broken`, options: { retries: 0 } });
		await screen.waitFor((f) => f.split('\n')[0]!.startsWith(' RED '), 'the header red');
		await fixture.close();
		for (const [columns, rows] of sizes) {
			screen.resize(columns, rows);
			const header = await screen.waitFor(
				(f) => (f.includes('server unreachable since') ? f.split('\n')[0] : undefined),
				`the stale health at ${columns}x${rows}`,
			);
			expect(header).not.toMatch(/^ RED /);
			expect(header).toContain('was RED');
			expect(header).not.toContain('! why');
		}
	});
});

describe.each(sizes)('the Callbacks pane at %ix%i', (columns, rows) => {
	let session: ReceiverSession;
	let sink: Sink;

	beforeAll(async () => {
		session = await startReceiverSession({ columns, rows, pane: 'callbacks' });
		sink = await brokenSink();
	});
	afterAll(async () => {
		await session.close();
		await sink.close();
	});

	it('says in the status line how many callbacks came and when the last did', async () => {
		const { screen, receiver } = session;
		const status = () => screen.frame().trimEnd().split('\n').at(-2) ?? '';
		await screen.waitFor(() => status().includes('receiver 0 received'), 'nothing received yet');
		expect(status()).toContain('nothing received yet');
		for (const path of ['ok/a', 'ok/b'])
			await session.publish({ destination: `${sink.url}/${path}`, options: { callback: receiver.url } });
		await screen.waitFor(() => status().includes('receiver 2 received'), 'the two callbacks');
		expect(status()).toMatch(/last at \d\d:\d\d:\d\d/);
		expect(status()).not.toContain('nothing polled');
		expect(status()).not.toContain('not refreshed yet');
	});

	it('keeps the kind column as it is while other rows come and go, at 120x40 too', async () => {
		const { screen, receiver } = session;
		const kindOf = (f: string, path: string) =>
			(f
				.split('\n')
				.find((line) => line.includes(path) && line.includes('msg_'))
				?.match(/ (callback|cb) /) ?? [])[1];
		try {
			for (const [w, h] of [[columns, rows] as const, [120, 40] as const]) {
				screen.resize(w, h);
				const path = `kind/${w}`;
				await session.publish({ destination: `${sink.url}/${path}`, options: { callback: receiver.url } });
				const kind = w >= 120 ? 'callback' : 'cb';
				expect(await screen.waitFor((f) => kindOf(f, path), `the callback at ${w}`)).toBe(kind);
				// A failure callback with its dead letter id: a wider row, which the kind does not make way for.
				const failures = (f: string) => f.split('\n').filter((line) => / dlq \S/.test(line)).length;
				const before = failures(screen.frame());
				await session.publish({
					destination: `${sink.url}/broken/${w}`,
					options: { retries: 0, failureCallback: receiver.url },
				});
				await screen.waitFor((f) => failures(f) > before, `the failure callback at ${w}`);
				expect(kindOf(screen.frame(), path)).toBe(kind);
			}
		} finally {
			screen.resize(columns, rows);
		}
	});
});

describe.each(sizes)('the Messages table at %ix%i', (columns, rows) => {
	let session: Session;
	let sink: Sink;

	beforeAll(async () => {
		session = await startSession({ columns, rows, pane: 'messages' });
		sink = await brokenSink();
	});
	afterAll(async () => {
		await session.close();
		await sink.close();
	});

	it('shows a short header where a column is narrower than its header, never a cut one', async () => {
		const { screen, fixture } = session;
		await fixture.client.groups.addEndpoints('orders', [{ name: 'primary', url: `${sink.url}/ok/primary` }]);
		// At 80 columns the group column makes way for the destination once the message is read (the
		// test only saw it in the frames before); 90 is the narrowest width that holds it, short.
		for (const width of [Math.max(columns, 90), 120]) {
			screen.resize(width, rows);
			const published = await fixture.client.publish({
				destination: 'orders',
				options: { flowControl: { key: 'orders-key', parallelism: 1 }, delayMs: 60_000 },
			});
			if (published.kind === 'url') screen.runtime.tracked.track(published.result.messageId, 'publish');
			else for (const r of published.results) screen.runtime.tracked.track(r.messageId, 'publish');
			const header = await screen.waitFor(
				(f) => f.split('\n').find((l) => /^ +state +message id/.test(l) && / group|group\/endpoint/.test(l)),
				`the header with the group column at ${width}`,
				// The message shows at the Messages pane's next poll; on a loaded machine that took longer than the default wait.
				25_000,
			);
			expect(header).not.toContain('…');
		}
		screen.resize(columns, rows);
	});
});
