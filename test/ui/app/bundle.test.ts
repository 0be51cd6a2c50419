/**
 * The monitor runs from its bundle (dist/cli/monitor.bundle.js, the TUI and Ink inside it). The
 * frame composer and the style level must act on the Ink inside the bundle, not on another copy:
 * startTui from the bundle composes its frames with our row joiner, and draws styles with CI=false.
 */
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as Monitor from '../../../source/cli/monitor.js';
import { type Fixture, startFixture } from '../../local/helpers.js';
import { waitUntil } from '../../support/wait.js';
import { fakeTerminal } from '../terminal.js';

const bundle = 'dist/cli/monitor.bundle.js';

describe('the bundled TUI', () => {
	let fixture: Fixture;
	beforeAll(async () => {
		fixture = await startFixture();
	});
	afterAll(() => fixture.close());

	it('composes its frames with the frame composer and draws styles', async () => {
		// npm test builds first (pretest); the bundle is what `mqtop` loads.
		expect(existsSync(bundle), `${bundle} (npm run build makes it)`).toBe(true);
		const { loadTui } = (await import(pathToFileURL(bundle).href)) as typeof Monitor;
		const { startTui } = await loadTui();
		const terminal = fakeTerminal();
		const tui = startTui({
			client: fixture.client,
			connection: { embedded: true, accountId: fixture.service.accountId },
			stdin: terminal.stdin,
			stdout: terminal.stdout,
			stderr: terminal.stdout,
			patchConsole: false,
			env: { ...process.env, CI: 'false' },
		});
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
			expect(terminal.output()).toMatch(/\x1b\[7m(?:\x1b\[[0-9;]*m)* 1 Overview /);
		} finally {
			tui.stop();
			await tui.exited;
		}
	});
});
