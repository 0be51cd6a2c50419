/**
 * Numbers with their units wherever a detail shows one: an account's retention in seconds, a
 * retry delay in milliseconds; at 80x24 as at 200x50.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keys, type Screen, type Session, startSession } from '../harness.js';

/** The value shown after `label` (at the start of a line or of a column): up to two spaces or the end. */
const shownValue = (frame: string, label: string) =>
	new RegExp(`(?:^|\\s{2})${label} +(\\S+(?: \\S+)*)`, 'm').exec(frame)?.[1];

/** Scrolls a detail down with j until `label` is on screen; its value. */
async function scrollTo(screen: Screen, label: string): Promise<string> {
	for (let i = 0; i < 60; i++) {
		const value = shownValue(screen.frame(), label);
		if (value) return value;
		await screen.press('j');
	}
	throw new Error(`no ${label}; last frame:\n${screen.frame()}`);
}

describe.each([
	[200, 50],
	[80, 24],
])('units at %ix%i', (columns, rows) => {
	let session: Session;
	beforeAll(async () => {
		session = await startSession({ columns, rows, pane: 'accounts' });
	});
	afterAll(() => session.close());

	it("gives an account's retention in seconds", async () => {
		const { screen } = session;
		await screen.waitFor((f) => f.includes('1 account ·'), 'the accounts');
		await screen.press(keys.enter);
		await screen.waitFor((f) => f.includes('shown in the Overview'), 'the detail');
		expect(await scrollTo(screen, 'retention')).toBe('604,800 s');
		await screen.press(keys.esc);
	});

	it("gives a schedule's retry delay in milliseconds", async () => {
		const { screen, fixture } = session;
		await fixture.client.schedules.create({
			scheduleId: 'slow-retries',
			destination: 'http://127.0.0.1:9/never',
			cron: '0 0 1 1 *',
			options: { retryDelay: '300' },
		});
		await screen.press(':', ...'schedules', keys.enter);
		await screen.waitFor((f) => f.includes('slow-retries'), 'the schedule');
		await screen.press(keys.enter);
		await screen.waitFor((f) => f.includes('Schedule slow-retries'), 'its detail');
		expect(await scrollTo(screen, 'retry delay')).toBe('300 ms');
		await screen.press(keys.esc);
	});
});
