/**
 * The key line at the bottom: whole entries only, the pane's keys and help and quit first, the
 * rest as the width allows; where some are left out, `?` says all keys are in the help. Every
 * pane at 80x24, and the full line at 200x50.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { panes } from '../../../source/ui/registry.js';
import { keyLine, keys, type ReceiverSession, startReceiverSession } from '../harness.js';

/** Every global entry, in the order of use. */
const everywhere = [
	'? help',
	'q quit',
	': view',
	'+/- period',
	'f freeze',
	'r refresh',
	'tab next',
	'1-9 pane',
];

describe('the key line at 80x24', () => {
	let session: ReceiverSession;
	beforeAll(async () => {
		session = await startReceiverSession({ columns: 80, rows: 24 });
	});
	afterAll(() => session.close());

	it.each(panes.map((p) => p.id))('fits whole entries on %s, help and quit always among them', async (id) => {
		const { screen } = session;
		await screen.press(':', ...id, keys.enter);
		await screen.waitFor(() => screen.runtime.ui.getSnapshot().pane === id, `the ${id} pane`);
		// A pane that opens on a question (Vector without an index id) takes every key: Esc closes it.
		if (keyLine(screen.frame()).includes('esc cancel')) await screen.press(keys.esc);
		const line = await screen.waitFor((f) => (keyLine(f).includes('quit') ? keyLine(f) : undefined), 'keys');
		expect([...line].length).toBeLessThanOrEqual(80);
		expect(line).not.toContain('…');
		expect(line).toMatch(/\? (help|all keys) {2}q quit/);
		// Each entry is a key and its label, two spaces from the next: none cut in the middle.
		for (const entry of line.trim().split(/ {2,}/)) expect(entry, line).toMatch(/^\S+ \S/);
		// What is left out is in the help, and the line says so.
		const shown = everywhere.filter((e) => line.includes(e));
		if (shown.length < everywhere.length - 1) expect(line).toContain('? all keys');
	});

	it('keeps the stats period keys on the Overview, where the period is charted', async () => {
		const { screen } = session;
		await screen.press('1');
		const line = await screen.waitFor(
			(f) => (keyLine(f).includes('←→ day') ? keyLine(f) : undefined),
			'the Overview keys',
		);
		expect(line).toContain('+/- period');
	});

	it('does not repeat help while the help is open', async () => {
		const { screen } = session;
		await screen.press('?');
		const line = await screen.waitFor(
			(f) => (keyLine(f).includes('close help') ? keyLine(f) : undefined),
			'the help keys',
		);
		expect(line).not.toMatch(/\? (help|all keys)/);
		expect(line).toContain('↑↓ scroll');
		await screen.press(keys.esc);
	});
});

describe('the key line at 200x50', () => {
	let session: ReceiverSession;
	beforeAll(async () => {
		session = await startReceiverSession({ columns: 200, rows: 50 });
	});
	afterAll(() => session.close());

	it('shows every key the Overview has and every global one', async () => {
		const { screen } = session;
		const line = await screen.waitFor(
			(f) => (keyLine(f).includes('←→ day') ? keyLine(f) : undefined),
			'the Overview keys',
		);
		expect(line).toBe(`↑↓ scroll  ←→ day  ${everywhere.join('  ')}`);
	});
});
