/**
 * The monitor runs from its bundle (dist/cli/monitor.bundle.js, the TUI and Ink inside it). The
 * frame composer and the style level must act on the Ink inside the bundle, not on another copy:
 * startTui from the bundle composes its frames with our row joiner, and draws styles with CI=false.
 */
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as Monitor from '../../../source/cli/monitor.js';
import { type Fixture, startFixture, startSink } from '../../local/helpers.js';
import { waitUntil } from '../../support/wait.js';
import { fakeTerminal } from '../terminal.js';

const bundle = 'dist/cli/monitor.bundle.js';

describe('the bundled TUI', () => {
	let fixture: Fixture;
	beforeAll(async () => {
		fixture = await startFixture();
	});
	afterAll(() => fixture.close());

	type StartOptions = Parameters<Awaited<ReturnType<typeof Monitor.loadTui>>['startTui']>[0];

	/** startTui of the bundle on the fixture, in `terminal`, with `options` besides. */
	async function startBundled(terminal: ReturnType<typeof fakeTerminal>, options: Partial<StartOptions>) {
		const { loadTui } = (await import(pathToFileURL(bundle).href)) as typeof Monitor;
		const { startTui } = await loadTui();
		return startTui({
			client: fixture.client,
			connection: { embedded: true, accountId: fixture.service.accountId },
			stdin: terminal.stdin,
			stdout: terminal.stdout,
			stderr: terminal.stdout,
			patchConsole: false,
			...options,
		});
	}

	it('composes its frames with the frame composer and draws styles', async () => {
		// npm test builds first (pretest); the bundle is what `mqtop` loads.
		expect(existsSync(bundle), `${bundle} (npm run build makes it)`).toBe(true);
		const terminal = fakeTerminal();
		const tui = await startBundled(terminal, { env: { ...process.env, CI: 'false' } });
		try {
			await waitUntil(
				() => (terminal.output().includes('Period series') ? true : undefined),
				8000,
				terminal.output,
			);
			const frames = tui.frames();
			expect(frames).toBeDefined();
			expect(frames!.composed).toBeGreaterThan(0);
			// The active tab in inverse: the bundle's Ink draws at the level startTui set.
			expect(terminal.output()).toMatch(/\x1b\[7m(?:\x1b\[[0-9;]*m)* 1 Over(?:view)? /);
		} finally {
			tui.stop();
			await tui.exited;
		}
	});

	it("draws a key's frame at once under a long frame-rate cap (the bundle's own Ink instance)", async () => {
		// One frame in 5 s: each pane switch must show within half of that (ui/ink/frame-now.ts).
		const terminal = fakeTerminal();
		const tui = await startBundled(terminal, { maxFps: 0.2, refreshMs: 200 });
		try {
			await waitUntil(
				() => (terminal.output().includes('Period series') ? true : undefined),
				15_000,
				terminal.output,
			);
			for (const [key, shows] of [
				['6', 'No callback receiver is running'],
				['1', 'Period series'],
				['6', 'No callback receiver is running'],
				['1', 'Period series'],
			] as const) {
				const from = terminal.output().length;
				terminal.stdin.write(key);
				await waitUntil(
					() => (terminal.output().slice(from).includes(shows) ? true : undefined),
					2_500,
					`the frame of ${key} was not drawn within half the cap's interval`,
				);
			}
		} finally {
			tui.stop();
			await tui.exited;
		}
	});

	it('draws no frame for polls that change nothing on screen', async () => {
		// Delivered messages in the logs: each poll of them then answers anew (from where the last
		// left off), and React commits what reads them with nothing new to draw.
		const sink = await startSink();
		try {
			for (let i = 0; i < 3; i++)
				await fixture.client.publish({ destination: `${sink.url}/ok`, body: `m${i}` });
			await sink.waitFor(3);
		} finally {
			await sink.close();
		}
		const terminal = fakeTerminal(80, 24);
		let frames = 0;
		const tui = await startBundled(terminal, {
			// The shortest the monitor takes: the live charts fill a column a poll.
			refreshMs: 200,
			onFrame: () => {
				frames++;
			},
		});
		const { polls, live } = tui.runtime;
		try {
			// Full when every rate has a sample for each column of its sparkline at 80 columns (some 20).
			await waitUntil(
				() =>
					Object.values(live.getSnapshot().rates).every((rate) => rate.samples.length >= 40)
						? true
						: undefined,
				30_000,
				'the live charts to fill',
			);
			let answers = 0;
			const counting = polls.subscribe(() => {
				answers++;
			});
			const before = frames;
			try {
				await waitUntil(() => (answers >= 25 ? true : undefined), 30_000, '25 answers, some 5 s');
			} finally {
				counting();
			}
			// Before, a frame a second at least (the time of the last refresh); now only for what
			// changed on screen, which here is nothing.
			expect(frames - before).toBeLessThanOrEqual(1);
			expect(terminal.output().replace(/\x1b\[[0-9;?]*[a-zA-Z]/g, '')).toMatch(/· live\b/);
		} finally {
			tui.stop();
			await tui.exited;
		}
	});
});
