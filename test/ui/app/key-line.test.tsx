/**
 * The key line at the bottom: whole entries only, the pane's keys and help and quit first, the
 * rest as the width allows; where some are left out, `?` says all keys are in the help. Every
 * pane at 80x24, and the full line at 200x50.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { panes } from '../../../source/ui/registry.js';
import { type Sink, startSink } from '../../local/helpers.js';
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
		// A pane may open on a question once its first answer is in (Search without an index id,
		// where the service lists none, asks for the id): wait for it, then Esc closes it.
		const loaded = await screen.waitFor((f) => {
			if (f.includes('Loading ')) return undefined;
			// The prompt is drawn a frame before it has the keys.
			return /index id:/.test(f) && !keyLine(f).includes('esc cancel') ? undefined : f;
		}, 'the pane loaded');
		if (keyLine(loaded).includes('esc cancel')) await screen.press(keys.esc);
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

describe.each([
	[80, 24],
	[200, 50],
])('the key line of a detail view at %ix%i', (columns, rows) => {
	let session: ReceiverSession;
	let sink: Sink;
	beforeAll(async () => {
		sink = await startSink();
		session = await startReceiverSession({ columns, rows, pane: 'messages' });
		await session.publish({
			destination: `${sink.url}/detail`,
			body: 'detail',
			options: { callback: `${session.receiver.url}/cb` },
		});
	});
	afterAll(async () => {
		await session.close();
		await sink.close();
	});

	/** Opens the newest row of `pane` and returns the key line of its detail, then closes it. */
	async function detailKeys(
		pane: string,
		row: RegExp,
		title: RegExp,
	): Promise<{ list: string; detail: string }> {
		const { screen } = session;
		await screen.press(':', ...pane, keys.enter);
		const list = await screen.waitFor(
			(f) => (row.test(f) && keyLine(f).includes('enter detail') ? keyLine(f) : undefined),
			`the ${pane} list and its keys`,
		);
		await screen.press(keys.enter);
		const detail = await screen.waitFor(
			(f) => (title.test(f) && keyLine(f).includes('scroll') ? keyLine(f) : undefined),
			`the ${pane} detail and its keys`,
		);
		await screen.press(keys.esc);
		await screen.waitFor((f) => keyLine(f).includes('enter detail'), `back on the ${pane} list`);
		return { list, detail };
	}

	it('shows the detail’s keys in Messages, not the list’s', async () => {
		const { list, detail } = await detailKeys('messages', /delivered/, /Message msg_\S+ delivered/);
		expect(list).toMatch(/^↑↓ select {2}g newest {2}enter detail {2}\/ filter {2}i follow id/);
		expect(detail).toMatch(/^↑↓ scroll {2}g top {2}esc back {2}c cancel msg/);
		for (const gone of ['select', 'enter detail', '/ filter', 'follow id'])
			expect(detail).not.toContain(gone);
	});

	it('shows the detail’s keys in Callbacks, not the list’s', async () => {
		const { detail } = await detailKeys('callbacks', /\bcb\b|callback/, /Request #\d+/);
		expect(detail).toMatch(/^↑↓ scroll {2}g top {2}esc back/);
		for (const gone of ['select', 'enter detail', '/ filter']) expect(detail).not.toContain(gone);
	});

	it('shows the detail’s keys in Logs, not the list’s', async () => {
		const { list, detail } = await detailKeys('logs', /DELIVERED/, /state +(DELIVERED|CREATED|ACTIVE)/);
		expect(list).toContain('/ filter');
		expect(detail).toMatch(/^↑↓ scroll {2}esc back/);
		for (const gone of ['select', 'enter detail', '/ filter', 'n/p page', 'g follow'])
			expect(detail).not.toContain(gone);
	});
});
