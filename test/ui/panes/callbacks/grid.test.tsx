/**
 * The Callbacks rows as one grid (issue #31): every kind of request, verified or not, a replay
 * of a signature seen before (issue #29), at 80x24 and at 120 columns: the same columns for
 * every kind, a failure callback's kind and milliseconds kept at 80 columns. And R, which sends
 * a request again and says why when it cannot: one key, one meaning on the key line.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signRequest } from '../../../../source/signing/jwt.js';
import { callbackBody, send, sendSigned } from '../../../receiver/helpers.js';
import { keyLine, keys, type ReceiverSession, startReceiverSession } from '../../harness.js';

let session: ReceiverSession;

/** The frame's request rows: the lines after the grid's header. */
function rows(frame: string): string[] {
	const lines = frame.split('\n');
	const header = lines.findIndex((line) => /^ {2}time +/.test(line));
	expect(header, frame).toBeGreaterThan(0);
	return lines.slice(header + 1).filter((line) => /^[ ›] \d\d:\d\d:\d\d/.test(line));
}

const time = /^[ ›] \d\d:\d\d:\d\d\.\d{3} /;

beforeAll(async () => {
	session = await startReceiverSession({ columns: 80, rows: 24, pane: 'callbacks' });
	const url = session.receiver.url;
	const key = session.keys.current;
	const ok = async (sent: Promise<{ status: number }>) => expect((await sent).status).toBe(200);
	await ok(sendSigned(url, '/cb', JSON.stringify(callbackBody()), { key }));
	await ok(
		sendSigned(
			url,
			'/fail',
			JSON.stringify(callbackBody({ retried: 3, maxRetries: 3, dlqId: '1767225600000-4' })),
			{
				key,
			},
		),
	);
	await ok(sendSigned(url, '/orders', 'order 42', { key, headers: { 'Svc-Message-Id': 'msg_delivery1' } }));
	await ok(sendSigned(url, '/broken', '{"status":', { key }));
	expect((await send(`${url}/forged`, { body: JSON.stringify(callbackBody()) })).status).toBe(401);
	// The same signed request twice: the second is a replay of the first.
	const body = 'twice';
	const token = signRequest({ key, issuer: 'Svc', url: `${url}/twice`, body });
	for (let i = 0; i < 2; i++)
		expect((await send(`${url}/twice`, { body, headers: { 'Svc-Signature': token } })).status).toBe(200);
	await session.screen.waitFor((f) => rows(f).length === 7, 'seven rows');
});

afterAll(() => session.close());

describe('the Callbacks grid', () => {
	for (const [columns, lines] of [
		[80, 24],
		[120, 30],
	] as const) {
		it(`has the same columns for every kind of request at ${columns}x${lines}`, async () => {
			const { screen } = session;
			screen.resize(columns, lines);
			// The key line fills the width: drawn at this width when it is as long as it can be there.
			const drawnAt = (f: string) => (columns > 80 ? keyLine(f).length > 80 : keyLine(f).length <= 80);
			const frame = await screen.waitFor(
				(f) => (drawnAt(f) && rows(f).length === 7 ? f : undefined),
				'the rows at this width',
			);
			const shown = rows(frame);
			for (const row of shown) {
				// The time to the millisecond, on every row.
				expect(row, frame).toMatch(time);
				expect([...row].length).toBeLessThanOrEqual(columns);
			}
			// Each kind, in the same column: a failure callback keeps its kind at 80 columns too.
			const kinds = shown.map((row) =>
				/ (failure-callback|fail-cb|callback|cb|delivery|malformed) /.exec(row.slice(14)),
			);
			const named = { cb: 'callback', 'fail-cb': 'failure-callback' } as Record<string, string>;
			expect(
				kinds.map((match) => (match ? (named[match[1]!] ?? match[1]) : 'none')),
				frame,
			).toEqual([
				'delivery',
				'delivery',
				'callback',
				'malformed',
				'delivery',
				'failure-callback',
				'callback',
			]);
			const at = (pattern: RegExp) => shown.map((row) => row.search(pattern));
			expect(new Set(kinds.map((match) => match!.index)).size, frame).toBe(1);
			// The verdict, ✓ or ✗, in one column.
			expect(new Set(at(/[✓✗]/)).size, frame).toBe(1);
			// The message ids line up too.
			const ids = shown.filter((row) => /msg_/.test(row));
			expect(ids).toHaveLength(4);
			expect(new Set(ids.map((row) => row.search(/msg_/))).size, frame).toBe(1);
			// The failure callback's dead letter, and what each request is.
			expect(shown.find((row) => /fail/.test(row))).toContain(columns >= 120 ? '3/3 exhausted' : '3/3');
			expect(shown.find((row) => /malformed/.test(row))).toContain('✓');
			expect(shown.find((row) => /✗/.test(row))).toMatch(/✗ (signature|missing)/);
			// The replay (request 7): accepted, and said, with the number of the request it repeats
			// where there is room.
			const [replay, first] = shown;
			expect(replay).toMatch(columns >= 120 ? /✓ (current )?replay of #6 / : /✓ replay/);
			expect(first).not.toMatch(/replay/);
		});
	}

	it('says in the detail of a replay which request carried its signature first', async () => {
		const { screen } = session;
		screen.resize(120, 30);
		await screen.press('g', keys.enter);
		const detail = await screen.waitFor(
			(f) => (f.includes('Request #7') ? f : undefined),
			'the detail of #7',
		);
		expect(detail).toMatch(/replay +of request #6: the same signature \(jti\) was verified there first/);
		await screen.press(keys.esc);
		await screen.waitFor((f) => f.includes('/ filters'), 'back to the list');
	});

	it('R sends again, says why it cannot without an app, and marks no row; r only refreshes', async () => {
		const { screen } = session;
		screen.resize(200, 40);
		// The whole key line, at 200 columns: '? help' where nothing is left out ('? all keys' in a frame
		// still drawn at the width before).
		const line = await screen.waitFor(
			(f) => (rows(f).length === 7 && keyLine(f).includes('? help') ? keyLine(f) : undefined),
			'the rows and the whole key line',
		);
		expect(line).toContain('R send again');
		expect(line).toContain('r refresh');
		expect(line).not.toContain('r replay');
		await screen.press('R');
		const frame = await screen.waitFor(
			(f) => (f.includes('no app to send to: start mqtop with --forward-to <url>') ? f : undefined),
			'the reason',
		);
		expect(frame).not.toContain('↻');
		// The next key takes the reason away.
		await screen.press('j');
		await screen.waitFor((f) => !f.includes('no app to send to'), 'the reason gone');
		await screen.press('r');
		expect(screen.frame()).not.toContain('↻');
	});
});
