import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findInHistory } from '../../source/receiver/history-find.js';
import { type ReceivedEvent, type ReceiverHandle, startReceiver } from '../../source/receiver/index.js';
import { resolveReceiverOptions } from '../../source/receiver/options.js';
import { listenReceiver } from '../../source/receiver/server.js';
import { signRequest } from '../../source/signing/jwt.js';
import { callbackBody, craftToken, currentKey, nextKey, send, sendSigned, waitFor } from './helpers.js';

function track(): { events: ReceivedEvent[]; last: () => ReceivedEvent } {
	const events: ReceivedEvent[] = [];
	return {
		events,
		last: () => {
			const event = events.at(-1);
			if (!event) throw new Error('no event recorded');
			return event;
		},
	};
}

describe('receiver over loopback', () => {
	let receiver: ReceiverHandle;
	const seen = track();

	beforeAll(async () => {
		receiver = await startReceiver({
			currentSigningKey: currentKey,
			nextSigningKey: nextKey,
			maxBodyBytes: 64 * 1024,
			onEvent: (event) => seen.events.push(event),
		});
	});
	afterAll(() => receiver.close());

	it('accepts a callback signed with the current key and decodes it', async () => {
		const body = JSON.stringify(callbackBody());
		const response = await sendSigned(receiver.url, '/cb', body, {
			headers: { 'Content-Type': 'application/json', 'Svc-Message-Id': 'msg_cb1', 'Svc-Retried': '0' },
		});
		expect(response.status).toBe(200);
		const event = seen.last();
		expect(event).toMatchObject({
			kind: 'callback',
			verified: true,
			signingKey: 'current',
			method: 'POST',
			path: '/cb',
			delivery: { messageId: 'msg_cb1', retried: 0 },
			response: { status: 200 },
		});
		expect(event.claims).toMatchObject({ iss: 'Svc', sub: `${receiver.url}/cb` });
		expect(event.callback).toMatchObject({
			status: 500,
			retried: 1,
			maxRetries: 3,
			exhausted: false,
			sourceMessageId: 'msg_source123',
			body: { kind: 'text', text: 'destination said no' },
			sourceBody: { kind: 'text', text: '{"order":42}' },
			notBefore: 1767225600000,
		});
	});

	it('accepts the next key and says so', async () => {
		const response = await sendSigned(receiver.url, '/cb', JSON.stringify(callbackBody()), { key: nextKey });
		expect(response.status).toBe(200);
		expect(seen.last()).toMatchObject({ verified: true, signingKey: 'next' });
	});

	it('marks the failure callback of the last attempt as exhausted, with its dlqId', async () => {
		const body = JSON.stringify(callbackBody({ retried: 3, maxRetries: 3, dlqId: '1767225600000-0' }));
		expect((await sendSigned(receiver.url, '/failed', body)).status).toBe(200);
		expect(seen.last()).toMatchObject({
			kind: 'failure-callback',
			verified: true,
			callback: { exhausted: true, dlqId: '1767225600000-0', retried: 3 },
		});
	});

	it('rejects a signature made with another key, keeps the request and answers 401', async () => {
		const body = JSON.stringify(callbackBody());
		const response = await sendSigned(receiver.url, '/cb', body, { key: 'sig_someoneElse' });
		expect(response.status).toBe(401);
		expect(JSON.parse(response.text).error).toMatch(/invalid signature/);
		expect(seen.last()).toMatchObject({
			kind: 'callback',
			verified: false,
			failure: 'signature',
			response: { status: 401 },
		});
		expect(seen.last().callback?.sourceMessageId).toBe('msg_source123');
	});

	it('rejects a body changed after signing', async () => {
		const signed = JSON.stringify(callbackBody());
		const token = signRequest({ key: currentKey, issuer: 'Svc', url: `${receiver.url}/cb`, body: signed });
		const tampered = JSON.stringify(callbackBody({ status: 200 }));
		const response = await send(`${receiver.url}/cb`, {
			body: tampered,
			headers: { 'svc-signature': token },
		});
		expect(response.status).toBe(401);
		expect(seen.last()).toMatchObject({
			verified: false,
			failure: 'body',
			reason: expect.stringMatching(/body hash/),
		});
	});

	it('rejects an expired signature', async () => {
		const now = Math.floor(Date.now() / 1000) - 3600;
		const response = await sendSigned(receiver.url, '/cb', 'hello', { now });
		expect(response.status).toBe(401);
		expect(seen.last()).toMatchObject({ verified: false, failure: 'expired', kind: 'delivery' });
		expect(seen.last().claims?.iat).toBe(now);
	});

	it('rejects a wrong issuer', async () => {
		expect((await sendSigned(receiver.url, '/x', 'hi', { issuer: 'Other' })).status).toBe(401);
		expect(seen.last()).toMatchObject({ failure: 'issuer', reason: expect.stringContaining('"Other"') });
	});

	it('rejects a request without a signature header', async () => {
		const response = await send(`${receiver.url}/plain`, { body: 'no signature here' });
		expect(response.status).toBe(401);
		expect(seen.last()).toMatchObject({
			kind: 'delivery',
			verified: false,
			failure: 'missing',
			body: { kind: 'text', text: 'no signature here' },
		});
	});

	it('rejects alg none, even with valid claims', async () => {
		const now = Math.floor(Date.now() / 1000);
		const token = craftToken(
			{ alg: 'none', typ: 'JWT' },
			{ iss: 'Svc', sub: `${receiver.url}/x`, iat: now, nbf: now, exp: now + 300, jti: 'j', body: '' },
		);
		const response = await send(`${receiver.url}/x`, { body: '', headers: { 'Svc-Signature': token } });
		expect(response.status).toBe(401);
		expect(seen.last()).toMatchObject({ failure: 'algorithm', reason: expect.stringMatching(/only HS256/) });
	});

	it('rejects a token that is not a JWT', async () => {
		await send(`${receiver.url}/x`, { body: 'x', headers: { 'Svc-Signature': 'not-a-token' } });
		expect(seen.last()).toMatchObject({ failure: 'malformed', verified: false });
	});

	it('shows malformed JSON as malformed, verified or not', async () => {
		const response = await sendSigned(receiver.url, '/cb', '{"status": 500, "retried":');
		expect(response.status).toBe(200);
		expect(seen.last()).toMatchObject({
			kind: 'malformed',
			verified: true,
			problem: expect.stringMatching(/^malformed JSON/),
		});
	});

	it('shows a callback that fails the schema as malformed, naming the field', async () => {
		const body = JSON.stringify({ ...callbackBody(), retried: 'one' });
		await sendSigned(receiver.url, '/cb', body);
		expect(seen.last()).toMatchObject({ kind: 'malformed', problem: expect.stringContaining('retried') });
		// Text that is not JSON, sent as JSON, is malformed too.
		await sendSigned(receiver.url, '/cb', 'hello', { headers: { 'content-type': 'application/json' } });
		expect(seen.last()).toMatchObject({
			kind: 'malformed',
			problem: expect.stringMatching(/^malformed JSON/),
		});
	});

	it('shows binary bodies as a hex preview', async () => {
		const raw = Buffer.from([0xff, 0xfe, 0x00, 0x01, 0x80]);
		expect((await sendSigned(receiver.url, '/bin', raw)).status).toBe(200);
		expect(seen.last()).toMatchObject({
			kind: 'delivery',
			verified: true,
			bodyBytes: 5,
			body: { kind: 'binary', hex: 'ff fe 00 01 80' },
		});
		const body = JSON.stringify(callbackBody({ body: Buffer.from([0xc3, 0x28, 0xa0]).toString('base64') }));
		await sendSigned(receiver.url, '/cb', body);
		expect(seen.last().callback?.body).toMatchObject({ kind: 'binary', hex: 'c3 28 a0', bytes: 3 });
	});

	it('answers 413 to a body over the limit without reading it all, and counts it', async () => {
		const before = receiver.store.getSnapshot().counters.oversize;
		const big = Buffer.alloc(1024 * 1024, 0x61);
		const announced = await send(`${receiver.url}/big`, { body: big });
		expect(announced.status).toBe(413);
		expect(seen.last()).toMatchObject({ kind: 'oversize', failure: 'oversize', response: { status: 413 } });
		// Without a Content-Length the limit is found while reading.
		const chunked = await send(`${receiver.url}/big`, {
			body: (async function* () {
				for (let i = 0; i < 64; i++) yield Buffer.alloc(16 * 1024, 0x62);
			})() as unknown as Uint8Array,
		});
		expect(chunked.status).toBe(413);
		expect(seen.last().bodyBytes).toBeLessThan(big.length);
		receiver.store.flush();
		expect(receiver.store.getSnapshot().counters.oversize).toBe(before + 2);
	});

	it('takes the header prefix case-insensitively and reads the delivery headers', async () => {
		const body = 'plain message';
		const token = signRequest({ key: currentKey, issuer: 'Svc', url: `${receiver.url}/d`, body });
		await send(`${receiver.url}/d`, {
			body,
			headers: {
				'SVC-SIGNATURE': token,
				'svc-message-id': 'msg_d1',
				'Svc-Retried': '2',
				'Svc-Topic-Name': 'orders',
				'Svc-Endpoint-Name': 'billing',
			},
		});
		expect(seen.last()).toMatchObject({
			kind: 'delivery',
			verified: true,
			delivery: { messageId: 'msg_d1', retried: 2, topicName: 'orders', endpointName: 'billing' },
		});
	});

	it('counts what it saw', () => {
		receiver.store.flush();
		const { counters, events } = receiver.store.getSnapshot();
		expect(counters.total).toBe(seen.events.length);
		expect(counters.verified + counters.rejected).toBe(counters.total);
		expect(counters.verified).toBe(seen.events.filter((e) => e.verified).length);
		expect(events.map((e) => e.seq)).toEqual(seen.events.map((e) => e.seq));
	});
});

describe('receiver settings', () => {
	it('checks the subject against the public URL, exactly as given, path included', async () => {
		const publicUrl = 'https://hooks.example.com/api/callback';
		const receiver = await startReceiver({ currentSigningKey: currentKey, publicUrl });
		const events: ReceivedEvent[] = [];
		receiver.store.onEvent((e) => events.push(e));
		try {
			const right = await sendSigned(receiver.url, '/api/callback', 'ok', { subject: publicUrl });
			expect(right.status).toBe(200);
			const joined = await sendSigned(receiver.url, '/api/callback', 'ok', {
				subject: `${publicUrl}/api/callback`,
			});
			expect(joined.status).toBe(401);
			const wrong = await sendSigned(receiver.url, '/api/callback', 'ok', {
				subject: 'https://evil.example.com/api/callback',
			});
			expect(wrong.status).toBe(401);
			expect(events.at(-1)).toMatchObject({ failure: 'subject', reason: expect.stringContaining('evil') });
		} finally {
			await receiver.close();
		}
	});

	it('takes a bare origin as the public URL of every path below it', async () => {
		const publicUrl = 'https://hooks.example.com';
		const receiver = await startReceiver({ currentSigningKey: currentKey, publicUrl });
		try {
			expect(
				(await sendSigned(receiver.url, '/cb?x=1', 'ok', { subject: `${publicUrl}/cb?x=1` })).status,
			).toBe(200);
			expect((await sendSigned(receiver.url, '/cb', 'ok', { subject: `${publicUrl}/other` })).status).toBe(
				401,
			);
			// The bare URL, without the trailing slash, names the root too.
			expect((await sendSigned(receiver.url, '/', 'ok', { subject: publicUrl })).status).toBe(200);
		} finally {
			await receiver.close();
		}
	});

	it('answers verified requests with the configured status, rejected ones with another', async () => {
		const receiver = await startReceiver({
			currentSigningKey: currentKey,
			respondStatus: 503,
			rejectStatus: 403,
		});
		try {
			expect((await sendSigned(receiver.url, '/', 'x')).status).toBe(503);
			expect((await send(`${receiver.url}/`, { body: 'x' })).status).toBe(403);
			receiver.store.flush();
			expect(receiver.store.getSnapshot().events.map((e) => e.response.status)).toEqual([503, 403]);
		} finally {
			await receiver.close();
		}
	});

	it('follows the dialect: header prefix, issuer, clock tolerance', async () => {
		const receiver = await startReceiver({
			currentSigningKey: currentKey,
			dialect: { headerPrefix: 'Acme-', issuer: 'Acme' },
			clockToleranceSeconds: 7200,
		});
		try {
			const body = 'late but tolerated';
			const token = signRequest({
				key: currentKey,
				issuer: 'Acme',
				url: `${receiver.url}/`,
				body,
				now: Math.floor(Date.now() / 1000) - 3600,
			});
			const ok = await send(`${receiver.url}/`, {
				body,
				headers: { 'acme-signature': token, 'Acme-Message-Id': 'm1' },
			});
			expect(ok.status).toBe(200);
			const old = await send(`${receiver.url}/`, { body, headers: { 'Svc-Signature': token } });
			expect(old.status).toBe(401);
			receiver.store.flush();
			const [first, second] = receiver.store.getSnapshot().events;
			expect(first).toMatchObject({ verified: true, delivery: { messageId: 'm1' } });
			expect(second).toMatchObject({ failure: 'missing' });
		} finally {
			await receiver.close();
		}
	});

	it('drops a client that sends its body too slowly, and keeps serving', async () => {
		const receiver = await startReceiver({
			currentSigningKey: currentKey,
			requestTimeoutMs: 300,
			headersTimeoutMs: 200,
		});
		try {
			const { port } = new URL(receiver.url);
			const socket = connect(Number(port), '127.0.0.1');
			socket.write('POST /slow HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nonly a little');
			let answer = '';
			socket.on('data', (chunk) => {
				answer += chunk.toString();
			});
			await new Promise((resolve) => socket.on('close', resolve));
			expect(answer).toMatch(/^HTTP\/1\.1 408/);
			expect((await sendSigned(receiver.url, '/after', 'still here')).status).toBe(200);
			receiver.store.flush();
			expect(receiver.store.getSnapshot().events.map((e) => e.path)).toEqual(['/after']);
		} finally {
			await receiver.close();
		}
	});

	it('refuses settings that make no sense before listening', async () => {
		await expect(startReceiver({ currentSigningKey: '' })).rejects.toThrow(/current signing key/);
		await expect(startReceiver({ currentSigningKey: 'k', respondStatus: 99 })).rejects.toThrow(
			/respond status/,
		);
		await expect(startReceiver({ currentSigningKey: 'k', publicUrl: 'ftp://x' })).rejects.toThrow(
			/public URL/,
		);
	});

	it('answers by the verdict alone: an event listener that throws is reported, and it keeps going', async () => {
		let calls = 0;
		const errors: Error[] = [];
		const historyDir = await mkdtemp(path.join(tmpdir(), 'mqtop-listener-bug-'));
		const receiver = await startReceiver({
			currentSigningKey: currentKey,
			historyDir,
			onEvent: () => {
				calls++;
				if (calls === 1) throw new Error('listener bug');
			},
			onError: (error) => errors.push(error),
		});
		try {
			const first = await sendSigned(receiver.url, '/', 'one');
			expect(first.status).toBe(200);
			expect(errors.map((error) => error.message)).toEqual([
				'request 1 was answered but not recorded in full: listener bug',
			]);
			expect((await sendSigned(receiver.url, '/', 'two')).status).toBe(200);
			receiver.store.flush();
			expect(receiver.store.getSnapshot().counters).toMatchObject({ total: 2, verified: 2 });
			await receiver.close();
			// The copy kept for replay is not what the bug cost.
			expect((await findInHistory(historyDir, 1)).request?.body.toString()).toBe('one');
		} finally {
			await receiver.close();
			await rm(historyDir, { recursive: true, force: true });
		}
	});

	it('holding few answers, still answers and records every request once', async () => {
		const recorded: number[] = [];
		const server = await listenReceiver(resolveReceiverOptions({ currentSigningKey: currentKey }), {
			record: (request) => recorded.push(request.seq),
			answersHeld: 3,
		});
		try {
			const statuses = await Promise.all(
				Array.from({ length: 50 }, (_, i) =>
					sendSigned(server.url, `/held/${i}`, `body ${i}`).then((r) => r.status),
				),
			);
			expect(statuses).toEqual(Array.from({ length: 50 }, () => 200));
			await waitFor('every record', () => (recorded.length >= 50 ? true : undefined));
			expect([...recorded].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
		} finally {
			await server.close();
		}
	});

	it('answers every request it recorded, even when it closes in the same turn', async () => {
		let recorded = 0;
		let closing: Promise<void> | undefined;
		const receiver: ReceiverHandle = await startReceiver({
			currentSigningKey: currentKey,
			onEvent: () => {
				recorded++;
				// Right after this request is settled, before the end of the turn its answer waits for.
				if (recorded === 3) {
					queueMicrotask(() => {
						closing = receiver.close();
					});
				}
			},
		});
		try {
			const outcomes = await Promise.all(
				Array.from({ length: 20 }, (_, i) =>
					sendSigned(receiver.url, `/closing/${i}`, `body ${i}`).then(
						(sent) => sent.status,
						() => 'no answer',
					),
				),
			);
			await closing;
			expect(recorded).toBeGreaterThanOrEqual(3);
			expect(outcomes.filter((outcome) => outcome === 200)).toHaveLength(recorded);
			expect(outcomes.filter((outcome) => outcome !== 200 && outcome !== 'no answer')).toEqual([]);
		} finally {
			await receiver.close();
		}
	});

	it('survives garbage on the wire', async () => {
		const receiver = await startReceiver({ currentSigningKey: currentKey });
		try {
			const { port } = new URL(receiver.url);
			const socket = connect(Number(port), '127.0.0.1');
			socket.write('THIS IS NOT HTTP\r\n\r\n');
			let answer = '';
			socket.on('data', (chunk) => {
				answer += chunk.toString();
			});
			await new Promise((resolve) => socket.on('close', resolve));
			expect(answer).toMatch(/^HTTP\/1\.1 400/);
			expect((await sendSigned(receiver.url, '/', 'fine')).status).toBe(200);
			await waitFor('the event', () =>
				receiver.store.getSnapshot().counters.total === 1 ? true : undefined,
			);
		} finally {
			await receiver.close();
		}
	});
});
