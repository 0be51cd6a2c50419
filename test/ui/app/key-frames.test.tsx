/**
 * Keys are drawn at once, data at the frame-rate cap: with a cap of one frame in 5 s, each key's
 * effect reaches the terminal without waiting for the cap's next slot, while the frames drawn
 * for data that changes with every poll stay under the cap. (Not timed: the deadline for a key is
 * half the cap's interval, and the frames are counted over less than one interval.)
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTui, type TuiHandle } from '../../../source/ui/run.js';
import { type Fixture, startFixture } from '../../local/helpers.js';
import { waitUntil } from '../../support/wait.js';
import { fakeTerminal } from '../terminal.js';

const intervalMs = 5_000;
const maxFps = 1000 / intervalMs;
const overview = 'Period series';
const callbacks = 'No callback receiver is running';

describe('frames under a frame-rate cap', () => {
	let fixture: Fixture;
	const started: TuiHandle[] = [];
	beforeAll(async () => {
		fixture = await startFixture();
	});
	afterEach(async () => {
		for (const tui of started.splice(0)) {
			tui.stop();
			await tui.exited;
		}
	});
	afterAll(() => fixture.close());

	function start(onFrame: () => void = () => {}) {
		const terminal = fakeTerminal(120, 40);
		const tui = startTui({
			client: fixture.client,
			connection: { embedded: true, accountId: fixture.service.accountId },
			stdin: terminal.stdin,
			stdout: terminal.stdout,
			stderr: terminal.stdout,
			refreshMs: 100,
			maxFps,
			patchConsole: false,
			onFrame,
		});
		started.push(tui);
		return { terminal, tui };
	}

	it("draws each key's frame at once, not at the cap's next slot", async () => {
		const { terminal } = start();
		await waitUntil(() => (terminal.output().includes(overview) ? true : undefined), 15_000, terminal.output);
		// Some of these keys come right after a frame the cap counts, whichever frame that is.
		for (const [key, shows] of [
			['6', callbacks],
			['1', overview],
			['6', callbacks],
			['1', overview],
		] as const) {
			const from = terminal.output().length;
			terminal.stdin.write(key);
			await waitUntil(
				() => (terminal.output().slice(from).includes(shows) ? true : undefined),
				intervalMs / 2,
				`the frame of ${key} (${shows}) was not drawn within half the cap's interval`,
			);
		}
	});

	it('draws data that changes at every poll no more often than the cap allows', async () => {
		let frames = 0;
		const { terminal, tui } = start(() => frames++);
		await waitUntil(() => (terminal.output().includes(overview) ? true : undefined), 15_000, terminal.output);
		// The polls' answers change (each has a new time), and each change is a commit of React's.
		let changes = 0;
		const stop = tui.runtime.polls.subscribe(() => changes++);
		const framesBefore = frames;
		await waitUntil(
			() => (changes >= 5 ? true : undefined),
			intervalMs * 0.8,
			'the polls did not change 5 times',
		);
		stop();
		// Within less than one interval: the frame at its start, and the one at its end at most.
		expect(frames - framesBefore).toBeLessThanOrEqual(2);
	});
});
