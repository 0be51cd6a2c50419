import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatBytes } from '../../../../source/format/bytes.js';
import { formatCount } from '../../../../source/format/number.js';
import { maskText } from '../../../../source/text/mask.js';
import { conformant } from '../../../support/conformance.js';
import { keys, lineOf, type Session, startSession } from '../../harness.js';

describe('Accounts pane', () => {
	let session: Session;

	beforeAll(async () => {
		session = await startSession({ columns: 200, rows: 50, pane: 'accounts' });
	});
	afterAll(() => session.close());

	it('lists the accounts with state, type, region and limits, secrets masked', async () => {
		const { screen, fixture } = session;
		const [user] = await conformant(fixture.client).listUsers();
		const row = await screen.waitFor((f) => lineOf(f, `● ${user!.id}`), 'the account row');
		for (const text of [
			user!.customer_id,
			user!.state,
			user!.type,
			user!.region,
			formatCount(user!.max_requests_per_day),
			formatBytes(user!.max_message_size),
		])
			expect(row).toContain(text);
		expect(row.split(maskText)).toHaveLength(3);
		expect(screen.frame()).not.toContain(fixture.service.token);
		expect(screen.frame()).not.toContain(fixture.service.apiKey);
		expect(screen.frame()).toContain('tokens hidden (v reveals)');
	});

	it('reveals tokens and passwords with v, hides them again, and on leaving the pane', async () => {
		const { screen, fixture } = session;
		await screen.press('v');
		await screen.waitFor(
			(f) => f.includes(fixture.service.token) && f.includes(fixture.service.apiKey),
			'token and password in clear',
		);
		await screen.press('v');
		await screen.waitFor((f) => !f.includes(fixture.service.token) && f.includes(maskText), 'masked again');
		await screen.press('v', '1', '2');
		await screen.waitFor((f) => f.includes('tokens hidden'), 'masked after switching panes');
		expect(screen.frame()).not.toContain(fixture.service.token);
	});

	it('opens the detail with Enter, makes the account the Overview one, and goes back with Esc', async () => {
		const { screen, fixture } = session;
		screen.runtime.ui.dispatch({ type: 'account/select', id: 'someone-else' });
		await screen.press(keys.enter);
		const detail = await screen.waitFor(
			(f) => (f.includes('shown in the Overview · tokens hidden') ? f : undefined),
			'account detail',
		);
		expect(lineOf(detail, 'customer')).toContain(fixture.service.email);
		expect(lineOf(detail, 'token')).toContain(maskText);
		expect(screen.runtime.ui.getSnapshot().accountId).toBe(fixture.service.accountId);
		await screen.press(keys.esc);
		await screen.waitFor((f) => f.includes('1 account ·'), 'back to the table');
		await screen.press('1');
		await screen.waitFor(
			(f) => f.includes(`Account ${fixture.service.accountId} (${fixture.service.email})`),
			'the Overview shows the chosen account',
		);
	});
});

describe('text from the network', () => {
	// The local service takes its account's e-mail as given; the management API returns it as
	// customer_id and created_by, so these reach the screen exactly as a hostile server would send them.
	const hostile = 'ops\x1b[2J\x1b]0;title\x07\r\bx@example.com';
	const escaped = 'ops\\x1b[2J\\x1b]0;title\\x07\\r\\bx@example.com';
	let session: Session;

	beforeAll(async () => {
		session = await startSession({ columns: 200, rows: 50, pane: 'accounts', service: { email: hostile } });
	});
	afterAll(() => session.close());

	it('shows escape sequences escaped, never raw', async () => {
		const { screen, fixture } = session;
		// A message whose body carries the same sequences: counted in the stats, never printed raw.
		const sinkless = await fixture.client.publish({
			destination: 'http://127.0.0.1:9/x',
			body: hostile,
			options: { retries: 0 },
		});
		expect(sinkless.kind).toBe('url');
		await screen.waitFor((f) => f.includes('1 account'), 'the table');
		await screen.press(keys.enter);
		const frame = await screen.waitFor(
			(f) => (lineOf(f, 'customer')?.includes(escaped) ? f : undefined),
			'the escaped e-mail in the detail',
		);
		expect(lineOf(frame, 'created by')).toContain(escaped);
		await screen.press('1');
		await screen.waitFor((f) => f.includes(`(${escaped})`), 'the escaped e-mail in the Overview title');
		for (const raw of ['\x1b[2J', '\x1b]0;', '\x07', '\r', '\b'])
			expect(screen.rawFrame()).not.toContain(raw);
	});
});
