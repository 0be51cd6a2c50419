/**
 * Forwarding and replay signing, each on its own: a request reaches the
 * app byte for byte below the forward URL and the app's answer comes back whole; an app that
 * is down or slow is an outcome with a reason; a replayed request carries a fresh signature
 * the official SDK's Receiver accepts. The history on disk has its own tests (history.test.ts).
 */
import type { IncomingHttpHeaders } from 'node:http';
import { Receiver } from '@upstash/qstash';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forwardRequest, forwardUrl } from '../../source/receiver/forward.js';
import { resignRequest } from '../../source/receiver/replay.js';
import { signRequest, verifySignature } from '../../source/signing/jwt.js';
import { listen, type TestServer } from '../support/http-server.js';
import { currentKey, nextKey } from './helpers.js';

interface Seen {
	method: string;
	url: string;
	headers: IncomingHttpHeaders;
	body: Buffer;
}

let app: TestServer;
const seen: Seen[] = [];

beforeAll(async () => {
	app = await listen((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (c: Buffer) => chunks.push(c));
		req.on('end', () => {
			seen.push({
				method: req.method ?? '',
				url: req.url ?? '',
				headers: req.headers,
				body: Buffer.concat(chunks),
			});
			if (req.url?.startsWith('/api/slow')) return; // never answers
			res.setHeader('retry-after', '7');
			res.setHeader('x-app', 'yes');
			res.statusCode = req.url?.includes('fail') ? 500 : 201;
			res.end(`app saw ${req.method} ${req.url}`);
		});
	});
});

afterAll(async () => {
	await app.close();
});

const options = { timeoutMs: 5000, maxResponseBytes: 1024 * 1024 };

describe('forwarding to the app', () => {
	it('joins the request path below the forward URL', () => {
		expect(forwardUrl('http://localhost:3000/api/', '/hooks/q?x=1')).toBe(
			'http://localhost:3000/api/hooks/q?x=1',
		);
		expect(forwardUrl('http://localhost:3000', '/')).toBe('http://localhost:3000/');
	});

	it('sends method, path, headers (the signature too) and body byte for byte, and brings the answer back', async () => {
		const body = Buffer.from([0, 1, 2, 255, 10, 13]);
		const outcome = await forwardRequest(
			`${app.url}/api`,
			{
				method: 'PUT',
				path: '/hooks/order?id=7',
				rawHeaders: [
					'Svc-Signature',
					'token.value.x',
					'X-Twice',
					'a',
					'X-Twice',
					'b',
					'Host',
					'elsewhere',
					'Connection',
					'close',
				],
				body,
			},
			options,
		);
		expect(outcome).toMatchObject({ ok: true, status: 201, url: `${app.url}/api/hooks/order?id=7` });
		if (!outcome.ok) throw new Error(outcome.error);
		expect(outcome.body.toString()).toBe('app saw PUT /api/hooks/order?id=7');
		expect(outcome.headers).toEqual(expect.arrayContaining(['retry-after', '7', 'x-app', 'yes']));
		const got = seen.at(-1)!;
		expect(got.method).toBe('PUT');
		expect(got.url).toBe('/api/hooks/order?id=7');
		expect(got.headers['svc-signature']).toBe('token.value.x');
		expect(got.headers['x-twice']).toBe('a, b');
		expect(got.headers.host).toBe(new URL(app.url).host);
		expect(got.body.equals(body)).toBe(true);
	});

	it('says why when the app is down or does not answer in time', async () => {
		const down = await listen(() => {});
		const url = down.url;
		await down.close();
		const refused = await forwardRequest(
			url,
			{ method: 'POST', path: '/x', rawHeaders: [], body: Buffer.from('a') },
			options,
		);
		expect(refused).toMatchObject({ ok: false, timedOut: false });
		expect(!refused.ok && refused.error).toContain('refused the connection: is it running?');
		const slow = await forwardRequest(
			app.url,
			{ method: 'POST', path: '/api/slow', rawHeaders: [], body: Buffer.from('a') },
			{ ...options, timeoutMs: 200 },
		);
		expect(slow).toMatchObject({ ok: false, timedOut: true });
		expect(!slow.ok && slow.error).toContain('did not answer within 0.2 s');
	});
});

describe('a replayed request', () => {
	it('carries a fresh signature over its (edited) body, for the same subject, that the official SDK accepts', async () => {
		const subject = 'https://tunnel.example/api/webhook';
		const old = signRequest({
			key: currentKey,
			issuer: 'Upstash',
			url: subject,
			body: 'original',
			now: 1_000_000,
		});
		const edited = Buffer.from('{"edited":true}');
		const replay = resignRequest(
			{
				method: 'POST',
				path: '/api/webhook',
				rawHeaders: ['Upstash-Signature', old, 'X-Kept', '1'],
				body: edited,
			},
			{ signatureHeader: 'Upstash-Signature', key: currentKey, issuer: 'Upstash' },
		);
		expect(replay.resigned).toBe(true);
		expect(replay.rawHeaders.slice(2)).toEqual(['X-Kept', '1']);
		const token = replay.rawHeaders[1]!;
		expect(token).not.toBe(old);
		const receiver = new Receiver({ currentSigningKey: currentKey, nextSigningKey: nextKey });
		await expect(receiver.verify({ signature: token, body: edited.toString(), url: subject })).resolves.toBe(
			true,
		);
		expect(
			verifySignature({ token: old, body: 'original', currentKey, issuer: 'Upstash', url: subject }),
		).toMatchObject({
			ok: false,
			failure: 'expired',
		});
	});

	it('goes as captured when mqtop has no key', () => {
		const replay = resignRequest(
			{ method: 'POST', path: '/', rawHeaders: ['Svc-Signature', 'a.b.c'], body: Buffer.from('x') },
			{ signatureHeader: 'Svc-Signature', key: undefined, issuer: 'Svc' },
		);
		expect(replay).toMatchObject({ resigned: false, rawHeaders: ['Svc-Signature', 'a.b.c'] });
	});
});
