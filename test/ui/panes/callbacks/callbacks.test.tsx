/**
 * The Callbacks pane against a receiver that shares the local service's signing keys: real
 * signed callbacks from real publishes, and hand-signed requests for what the service never sends.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinUrl } from '../../../../source/api/connection.js';
import { untrustedMark } from '../../../../source/receiver/render.js';
import { generateSigningKey } from '../../../../source/signing/keys.js';
import { maskText } from '../../../../source/text/mask.js';
import { callbacksRefreshMs } from '../../../../source/ui/panes/callbacks/callbacks-model.js';
import { type Sink, startFixture, startSink } from '../../../local/helpers.js';
import { callbackBody, send, sendSigned } from '../../../receiver/helpers.js';
import { conformant } from '../../../support/conformance.js';
import { waitUntil } from '../../../support/wait.js';
import {
	keys,
	mountTui,
	type ReceiverSession,
	selectedLine,
	selectRow,
	startReceiverSession,
} from '../../harness.js';

/** The lines of the list (every line that shows a request). */
const listLines = (frame: string) =>
	frame.split('\n').filter((l) => / (callback|failure-callback|delivery|malformed) /.test(l));

describe('Callbacks pane', () => {
	let session: ReceiverSession;
	let failing: Sink;
	let binary: Sink;

	beforeAll(async () => {
		session = await startReceiverSession({ columns: 200, rows: 50, pane: 'callbacks' });
		failing = await startSink((_req, _i, res) => {
			res
				.writeHead(503, { 'content-type': 'application/json', 'x-upstream': 'db-2' })
				.end('{"error":"\x1b[2J\x1b]0;title\x07 down\r\b"}');
		});
		binary = await startSink((_req, _i, res) => {
			res
				.writeHead(200, { 'content-type': 'application/octet-stream' })
				.end(Buffer.from([0xde, 0xad, 0xbe, 0xef, 0x00, 0xff]));
		});
	});
	afterAll(async () => {
		await session.close();
		await Promise.all([failing.close(), binary.close()]);
	});

	it('shows where the receiver listens and its signing keys, masked until v', async () => {
		const { screen, receiver, keys: signing } = session;
		const frame = await screen.waitFor(
			(f) => (f.includes(`Receiver ${receiver.url}`) && f.includes('Failure-Callback at it') ? f : undefined),
			'the URL',
		);
		expect(frame).toContain('point Svc-Callback or Svc-Failure-Callback at it');
		expect(frame).toContain(`current ${maskText}  next ${maskText}`);
		expect(frame).not.toContain(signing.current);
		await screen.press('v');
		await screen.waitFor((f) => f.includes(signing.current) && f.includes(signing.next), 'keys revealed');
		await screen.press('v');
		await screen.waitFor((f) => !f.includes(signing.current) && f.includes('v reveals'), 'hidden again');
		expect(screen.frame()).toContain('Nothing received yet');
	});

	it('lists each attempt of a failing message newest first, flags the last one, and the failure callback with its dlqId', async () => {
		const { screen, receiver, fixture } = session;
		const published = await fixture.client.publish({
			destination: `${failing.url}/orders`,
			body: '{"order":7}',
			options: {
				retries: 1,
				retryDelay: '30',
				callback: joinUrl(receiver.url, '/callback'),
				failureCallback: joinUrl(receiver.url, '/failure'),
				forwardHeaders: { 'X-Tenant': 'acme' },
			},
		});
		if (published.kind !== 'url') throw new Error('expected a URL publish');
		const id = published.result.messageId;
		const lines = await screen.waitFor((f) => {
			const mine = listLines(f).filter((l) => l.includes(id));
			return mine.length === 3 ? mine : undefined;
		}, 'two callbacks and a failure callback');
		// Newest first: the failure callback is the last request the service sent.
		expect(lines.map((l) => l.match(/(failure-callback|callback) /)?.[1])).toContain('failure-callback');
		const failure = lines.find((l) => l.includes('failure-callback'))!;
		const dlqId = failure.match(/dlq (\d+-\d+)/)?.[1];
		expect((await conformant(fixture.client).getDlq(dlqId!)).messageId).toBe(id);
		// One grid: the verdict, the destination's status and the attempts in their columns.
		expect(lines.find((l) => l.includes('0/1'))).toMatch(/✓ current +→ 200 +503 +0\/1 will retry/);
		expect(lines.find((l) => / callback .*1\/1/.test(l))).toContain('1/1 exhausted');
		for (const line of lines) expect(line).toContain(`POST ${failing.url}/orders`);
		expect(screen.frame()).toMatch(/3 received: 3 verified, 0 rejected/);
	});

	it('filters with a regular expression or plain text, says how many match, and Esc clears', async () => {
		const { screen, receiver } = session;
		// A request the service never sends: unsigned, rejected, still listed.
		expect((await send(`${receiver.url}/hook`, { body: 'no signature here (really)' })).status).toBe(401);
		await screen.waitFor((f) => f.includes('✗ missing signature header'), 'the rejected request');
		await screen.press('/');
		await screen.waitFor((f) => f.includes('Filter /'), 'the filter field');
		await screen.press('failure-callback|✗', keys.enter);
		const filtered = await screen.waitFor(
			(f) => (f.includes('filter /failure-callback|✗/i · 2 of 4 match') ? f : undefined),
			'the regex applied',
		);
		expect(listLines(filtered)).toHaveLength(2);
		expect(filtered).toContain('✗ missing signature header');
		expect(listLines(filtered).filter((l) => l.includes('failure-callback'))).toHaveLength(1);
		// Not a regular expression: matched as text.
		await screen.press('/', ...Array.from({ length: 30 }, () => keys.backspace), 'here (real', keys.enter);
		const asText = await screen.waitFor(
			(f) => (f.includes('as text: not a regular expression') ? f : undefined),
			'the text filter',
		);
		expect(asText).toContain('1 of 4 match');
		await screen.press(
			'/',
			...Array.from({ length: 30 }, () => keys.backspace),
			'nothing-like-this',
			keys.enter,
		);
		await screen.waitFor((f) => f.includes('No request matches the filter'), 'nothing matches');
		await screen.press(keys.esc);
		await screen.waitFor((f) => f.includes('/ filters') && listLines(f).length === 4, 'cleared');
	});

	it('opens the decoded callback: response body and headers, source headers and body, claims and key, request headers', async () => {
		const { screen } = session;
		await selectRow(screen, '0/1 will retry');
		await screen.press(keys.enter);
		const detail = await screen.waitFor(
			(f) => (f.includes('Callback (decoded)') ? f : undefined),
			'the detail',
		);
		expect(detail).toMatch(/signature +✓ verified with the current signing key/);
		expect(detail).toMatch(/destination said +status 503/);
		expect(detail).toMatch(/attempt +retried 0 of 1/);
		// The response body decoded from base64, its escape sequences shown escaped.
		expect(detail).toContain('{"error":"\\x1b[2J\\x1b]0;title\\x07 down\\r\\b"}');
		expect(detail).toMatch(/X-Upstream +db-2/i);
		expect(detail).toMatch(/X-Tenant +acme/i);
		let all = detail;
		for (let i = 0; i < 12 && !all.includes('Request headers'); i++) {
			await screen.press('\x1b[6~');
			all += screen.frame();
		}
		expect(all).toContain('"order": 7');
		expect(all).toMatch(/iss +Svc/);
		expect(all).toMatch(/sub +http:\/\/127\.0\.0\.1:\d+\/callback/);
		expect(all).toMatch(/svc-signature +ey/);
		for (const raw of ['\x1b[2J', '\x1b]0;', '\x07', '\r', '\b'])
			expect(screen.rawFrame()).not.toContain(raw);
		await screen.press(keys.esc);
		await screen.waitFor((f) => f.includes('/ filters'), 'back to the list');
	});

	it('shows a binary response body as a hex preview', async () => {
		const { screen, receiver, fixture } = session;
		const published = await fixture.client.publish({
			destination: `${binary.url}/blob`,
			body: new Uint8Array([0x01, 0x02, 0xfe]),
			options: { callback: joinUrl(receiver.url, '/callback') },
		});
		if (published.kind !== 'url') throw new Error('expected a URL publish');
		const id = published.result.messageId;
		await screen.waitFor((f) => f.includes(id), 'its callback');
		await selectRow(screen, id);
		await screen.press(keys.enter);
		let all = await screen.waitFor((f) => (f.includes('Callback (decoded)') ? f : undefined), 'the detail');
		for (let i = 0; i < 12 && !all.includes('Source message body'); i++) {
			await screen.press('\x1b[6~');
			all += screen.frame();
		}
		for (let i = 0; i < 4; i++) {
			await screen.press('\x1b[6~');
			all += screen.frame();
		}
		expect(all).toContain('6 bytes, not UTF-8: hex of the first 6 (all)');
		expect(all).toMatch(/0000 +de ad be ef 00 ff/);
		expect(all).toMatch(/0000 +01 02 fe/);
		await screen.press(keys.esc);
	});

	it('shows escape sequences in a callback from the network escaped, in the line and the detail', async () => {
		const { screen, receiver } = session;
		const hostileUrl = 'http://127.0.0.1:9/\x1b]0;title\x07x';
		const body = JSON.stringify(
			callbackBody({
				status: 500,
				retried: 0,
				maxRetries: 2,
				sourceMessageId: 'msg_\r\bhostile',
				url: hostileUrl,
				body: Buffer.from('\x1b[2Jbad\r\b').toString('base64'),
			}),
		);
		const sent = await sendSigned(receiver.url, '/callback', body, { key: session.keys.current });
		expect(sent.status).toBe(200);
		const line = await screen.waitFor(
			(f) => listLines(f).find((l) => l.includes('msg_\\r\\bhostile')),
			'the hostile callback',
		);
		expect(line).toContain('http://127.0.0.1:9/\\x1b]0;title\\x07x');
		await selectRow(screen, 'msg_\\r\\bhostile');
		await screen.press(keys.enter);
		const detail = await screen.waitFor(
			(f) => (f.includes('Callback (decoded)') ? f : undefined),
			'the detail',
		);
		expect(detail).toContain('\\x1b[2Jbad\\r\\b');
		expect(detail).toContain('\\x1b]0;title\\x07x');
		for (const raw of ['\x1b[2J', '\x1b]0;', '\x07', '\r', '\b'])
			expect(screen.rawFrame()).not.toContain(raw);
		await screen.press(keys.esc);
	});

	it('says before everything an unverified request claims that it proves nothing', async () => {
		const { screen, receiver } = session;
		const body = JSON.stringify(callbackBody({ status: 200, sourceMessageId: 'msg_forged_claim' }));
		const sent = await sendSigned(receiver.url, '/callback', body, { key: generateSigningKey() });
		expect(sent.status).toBe(401);
		await screen.waitFor(
			(f) => listLines(f).some((l) => l.includes('msg_forged_claim')),
			'the forged callback',
		);
		await selectRow(screen, 'msg_forged_claim');
		await screen.press(keys.enter);
		const detail = await screen.waitFor(
			(f) => (f.includes('Callback (decoded)') ? f : undefined),
			'the detail',
		);
		const lines = detail.split('\n');
		const mark = lines.findIndex((l) => l.includes(`${untrustedMark} anyone could have sent this`));
		expect(mark).toBeGreaterThan(-1);
		expect(mark).toBeLessThan(lines.findIndex((l) => l.includes('Callback (decoded)')));
		await screen.press(keys.esc);
	});

	it('keeps the selected request selected while new ones arrive, and g follows the newest again', async () => {
		const { screen, receiver } = session;
		await selectRow(screen, 'missing signature header');
		const before = selectedLine(screen);
		await send(`${receiver.url}/another`, { body: 'x' });
		await screen.waitFor((f) => f.includes('/another'), 'a newer request');
		expect(selectedLine(screen)).toBe(before);
		await screen.press('g');
		await screen.waitFor(() => selectedLine(screen)?.includes('/another'), 'the newest selected');
	});

	it('holds the list still while frozen with f, keeps receiving, and shows what came meanwhile on f', async () => {
		const { screen, receiver } = session;
		await screen.press('f');
		await screen.waitFor((f) => /frozen/i.test(f), 'frozen in the status line');
		const before = receiver.store.getSnapshot().counters.total;
		await send(`${receiver.url}/while-frozen`, { body: 'x' });
		await waitUntil(() => (receiver.store.getSnapshot().counters.total > before ? true : undefined));
		// Several refresh intervals of the pane pass; the frozen list must not move.
		await new Promise((resolve) =>
			setTimeout(resolve, 5 * callbacksRefreshMs(receiver.store.getSnapshot(), receiver.store.getSnapshot())),
		);
		expect(screen.frame()).not.toContain('/while-frozen');
		await screen.press('f');
		await screen.waitFor((f) => f.includes('/while-frozen'), 'the request received while frozen');
	});
});

describe('Callbacks pane without a receiver', () => {
	it('says how to get one', async () => {
		const fixture = await startFixture();
		const screen = mountTui(fixture.client, { embedded: false }, { pane: 'callbacks' });
		try {
			const frame = await screen.waitFor(
				(f) => (f.includes('No callback receiver is running.') ? f : undefined),
				'the explanation',
			);
			expect(frame).toContain('currentSigningKey');
			expect(frame).toContain('MQTOP_CURRENT_SIGNING_KEY');
			expect(frame).toContain('mqtop --demo');
		} finally {
			screen.unmount();
			await fixture.close();
		}
	});
});
