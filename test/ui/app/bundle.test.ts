/**
 * The monitor runs the bundled TUI (dist/ui/run.bundle.js, Ink inside it). The frame composer
 * and the style level must act on the Ink inside the bundle, not on another copy: startTui from
 * the bundle composes its frames with our row joiner, and draws styles with CI=false.
 */
import { existsSync } from 'node:fs';
import { PassThrough, Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as Run from '../../../source/ui/run.js';
import { type Fixture, startFixture } from '../../local/helpers.js';
import { waitUntil } from '../../support/wait.js';

const bundle = 'dist/ui/run.bundle.js';

function fakeTerminal(columns = 100, rows = 30) {
	const stdin = Object.assign(new PassThrough(), {
		isTTY: true,
		setRawMode: () => stdin,
		ref: () => stdin,
		unref: () => stdin,
	}) as unknown as NodeJS.ReadStream & PassThrough;
	let output = '';
	const stdout = Object.assign(
		new Writable({
			write(chunk, _encoding, done) {
				output += String(chunk);
				done();
			},
		}),
		{ isTTY: true, columns, rows },
	) as unknown as NodeJS.WriteStream;
	return { stdin, stdout, output: () => output };
}

describe('the bundled TUI', () => {
	let fixture: Fixture;
	beforeAll(async () => {
		fixture = await startFixture();
	});
	afterAll(() => fixture.close());

	it('composes its frames with the frame composer and draws styles', async () => {
		// npm test builds first (pretest); the bundle is what `mqtop` loads.
		expect(existsSync(bundle), `${bundle} (npm run build makes it)`).toBe(true);
		const { startTui } = (await import(pathToFileURL(bundle).href)) as typeof Run;
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
