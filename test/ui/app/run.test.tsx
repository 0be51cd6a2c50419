import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotATerminalError, startTui, type TuiHandle } from '../../../source/ui/run.js';
import { type Fixture, startFixture } from '../../local/helpers.js';
import { waitUntil } from '../../support/wait.js';
import { fakeTerminal } from '../terminal.js';

const enter = '\x1b[?1049h';
const leave = '\x1b[?1049l';

describe('startTui', () => {
	let fixture: Fixture;
	beforeAll(async () => {
		fixture = await startFixture();
	});
	afterAll(() => fixture.close());

	function start(extra: { exit?: (code: number) => void } = {}) {
		const terminal = fakeTerminal();
		let firstFrame = false;
		const tui = startTui({
			client: fixture.client,
			connection: { embedded: true, accountId: fixture.service.accountId },
			stdin: terminal.stdin,
			stdout: terminal.stdout,
			stderr: terminal.stdout,
			refreshMs: 200,
			// The test runner owns the console.
			patchConsole: false,
			onFirstFrame: () => {
				firstFrame = true;
			},
			...extra,
		});
		return { terminal, tui, firstFrame: () => firstFrame };
	}

	async function shown(tui: TuiHandle, terminal: ReturnType<typeof fakeTerminal>) {
		await waitUntil(
			() => (terminal.output().includes('Period series') ? true : undefined),
			8000,
			() => terminal.output(),
		);
		expect(tui.runtime.ui.getSnapshot().pane).toBe('overview');
	}

	it('draws on the alternate screen and restores the terminal when q is pressed', async () => {
		const { terminal, tui, firstFrame } = start();
		await shown(tui, terminal);
		expect(firstFrame()).toBe(true);
		expect(terminal.output().startsWith(enter)).toBe(true);
		terminal.stdin.write('q');
		await tui.exited;
		expect(terminal.output().endsWith(`${leave}\x1b[?25h`)).toBe(true);
	});

	it('restores the terminal on Ctrl-C', async () => {
		const { terminal, tui } = start();
		await shown(tui, terminal);
		terminal.stdin.write('\x03');
		await tui.exited;
		expect(terminal.output()).toContain(leave);
	});

	it('restores the terminal on SIGINT from outside before the process ends with 130', async () => {
		let code: number | undefined;
		const { terminal, tui } = start({ exit: (c) => (code = c) });
		await shown(tui, terminal);
		process.emit('SIGINT', 'SIGINT');
		expect(code).toBe(130);
		expect(terminal.output()).toContain(leave);
		await tui.exited;
	});

	it('restores the terminal on SIGTERM before the process ends with 143', async () => {
		let code: number | undefined;
		const { terminal, tui } = start({ exit: (c) => (code = c) });
		await shown(tui, terminal);
		process.emit('SIGTERM', 'SIGTERM');
		expect(code).toBe(143);
		expect(terminal.output()).toContain(leave);
		await tui.exited;
		// Nothing is polled once it is down.
		const last = tui.runtime.polls.getSnapshot().entries.mqStats?.updatedAt;
		await new Promise((resolve) => setTimeout(resolve, 500));
		expect(tui.runtime.polls.getSnapshot().entries.mqStats?.updatedAt).toBe(last);
	});

	it('restores the terminal and says what broke on a crash, without a stack trace', async () => {
		const before = new Set(process.listeners('uncaughtException'));
		let code: number | undefined;
		const { terminal, tui } = start({ exit: (c) => (code = c) });
		await shown(tui, terminal);
		const ours = process.listeners('uncaughtException').find((l) => !before.has(l));
		expect(ours).toBeDefined();
		ours!(new Error('boom'), 'uncaughtException');
		expect(code).toBe(70);
		// The message comes after the terminal is back, so it stays on screen.
		const output = terminal.output();
		const after = output.slice(output.lastIndexOf(leave));
		expect(after).toContain('mqtop crashed: boom');
		expect(after).not.toContain('    at ');
		await tui.exited;
		expect(process.listeners('uncaughtException')).not.toContain(ours);
	});

	it('refuses to start without a terminal, with a message that says what to use instead', () => {
		const terminal = fakeTerminal();
		(terminal.stdin as { isTTY: boolean }).isTTY = false;
		expect(() =>
			startTui({
				client: fixture.client,
				connection: { embedded: true },
				stdin: terminal.stdin,
				stdout: terminal.stdout,
			}),
		).toThrow(NotATerminalError);
		expect(terminal.output()).toBe('');
	});
});
