/** The status line: each part set apart from the next, frozen or not, at 80x24 as at 200x50. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshText } from '../../../source/ui/app/status-line.js';
import { type Session, startSession } from '../harness.js';

/** The status line: the one above the key line. */
const statusLine = (frame: string) => frame.trimEnd().split('\n').at(-2) ?? '';

describe.each([
	[200, 50],
	[80, 24],
])('the status line at %ix%i', (columns, rows) => {
	let session: Session;
	beforeAll(async () => {
		session = await startSession({ columns, rows, pane: 'publish' });
	});
	afterAll(() => session.close());

	it('sets FROZEN apart from the time of the last refresh', async () => {
		const { screen } = session;
		await screen.waitFor((f) => statusLine(f).includes('not refreshed yet'), 'a pane that polls nothing');
		await screen.press('f');
		const line = await screen.waitFor(
			(f) => (statusLine(f).includes('FROZEN') ? statusLine(f) : undefined),
			'frozen',
		);
		expect(line).toContain('not refreshed yet · FROZEN (f resumes)');
		await screen.press('f', '1');
		await screen.waitFor((f) => / · live$/.test(statusLine(f).trimEnd()), 'the Overview, live');
		await screen.press('f');
		const overview = await screen.waitFor(
			(f) => (statusLine(f).includes('FROZEN') ? statusLine(f) : undefined),
			'the Overview frozen',
		);
		expect(overview).toMatch(/refreshed \d\d:\d\d:\d\d · FROZEN \(f resumes\)/);
		await screen.press('f');
		await screen.waitFor((f) => !statusLine(f).includes('FROZEN'), 'live again');
	});
});

describe('refreshText', () => {
	const at = new Date(2026, 10, 27, 23, 6, 12).getTime();
	it('says live while answers come, and since when once they stop or the pane is frozen', () => {
		expect(refreshText(undefined, at, 2000, false)).toBe('not refreshed yet');
		expect(refreshText(at, at + 1500, 2000, false)).toBe('live');
		// Two intervals and a second's slack without an answer: the data is stale.
		expect(refreshText(at, at + 5000, 2000, false)).toBe('live');
		expect(refreshText(at, at + 5001, 2000, false)).toBe('refreshed 23:06:12');
		expect(refreshText(at, at + 10, 2000, true)).toBe('refreshed 23:06:12');
		expect(refreshText(at, at + 20_000, 10_000, false)).toBe('live');
	});
});
