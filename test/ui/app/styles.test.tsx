/**
 * Styles as a person at a terminal sees them. The monitor sets CI=false (Ink's live frames), and
 * the colour detection under Ink read any CI variable as a build machine and drew no styles at
 * all: no active tab, no selected row, no cursor. With NO_COLOR there is no colour, and what must
 * stay visible (the active tab, the selected row) still is, in inverse and bold.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTui } from '../../../source/ui/run.js';
import { styleMode } from '../../../source/ui/theme/theme.js';
import { type Fixture, startFixture } from '../../local/helpers.js';
import { waitUntil } from '../../support/wait.js';
import { fakeTerminal } from '../terminal.js';

const inverse = '\x1b[7m';
const bold = '\x1b[1m';
/** The active tab: inverse, then bold, then its label. */
const tab = /\x1b\[7m(?:\x1b\[[0-9;]*m)* 2 Accounts /;
// Foreground and background colours: 30-37, 90-97, 40-47, 100-107, and 38/48 extended ones.
const colour = /\x1b\[(?:[0-9;]*;)?(?:3[0-8]|9[0-7]|4[0-8]|10[0-7])(?:;[0-9;]*)?m/;

describe('styleMode', () => {
	it('ignores CI; NO_COLOR keeps styles without colour; FORCE_COLOR and TERM=dumb as they say', () => {
		const tty = { isTTY: true };
		expect(styleMode({ ...tty, env: { CI: 'false' } })).toBe('colour');
		expect(styleMode({ ...tty, env: { CI: 'true' } })).toBe('colour');
		expect(styleMode({ ...tty, env: { NO_COLOR: '1' } })).toBe('styles');
		expect(styleMode({ ...tty, env: { NO_COLOR: '' } })).toBe('colour');
		expect(styleMode({ ...tty, env: { TERM: 'dumb' } })).toBe('none');
		expect(styleMode({ isTTY: false, env: {} })).toBe('none');
		expect(styleMode({ isTTY: false, env: { FORCE_COLOR: '1' } })).toBe('colour');
		expect(styleMode({ ...tty, env: { FORCE_COLOR: '0' } })).toBe('styles');
	});
});

describe('styles on a terminal', () => {
	let fixture: Fixture;
	beforeAll(async () => {
		fixture = await startFixture();
	});
	afterAll(() => fixture.close());

	async function screenWith(env: Record<string, string>) {
		const terminal = fakeTerminal(120, 30);
		const tui = startTui({
			client: fixture.client,
			connection: { embedded: true, accountId: fixture.service.accountId },
			stdin: terminal.stdin,
			stdout: terminal.stdout,
			stderr: terminal.stdout,
			patchConsole: false,
			pane: 'accounts',
			env,
		});
		await waitUntil(
			() => (terminal.output().includes('1 account') ? true : undefined),
			8000,
			terminal.output,
		);
		tui.stop();
		await tui.exited;
		return terminal.output();
	}

	it('draws colours, the active tab and the selected row with CI=false in the environment', async () => {
		expect(process.env.CI).toBe('false');
		const output = await screenWith({ ...process.env } as Record<string, string>);
		expect(output).toMatch(colour);
		expect(output).toContain(`${inverse}`);
		expect(output).toMatch(tab);
	});

	it('with NO_COLOR: no colour at all, the active tab and the selected row in inverse and bold', async () => {
		const output = await screenWith({ ...process.env, NO_COLOR: '1' } as Record<string, string>);
		expect(output).not.toMatch(colour);
		expect(output).toContain(bold);
		// The tab, inverse and bold.
		expect(output).toMatch(tab);
		// The selected row of the accounts table, inverse.
		expect(output).toMatch(new RegExp(`\\x1b\\[7m[^\\n]*${fixture.service.accountId.slice(0, 8)}`));
	});
});
