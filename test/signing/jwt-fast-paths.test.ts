import { createHash, createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toBase64Url } from '../../source/signing/base64url.js';
import { bodyHash, signRequest, verifySignature } from '../../source/signing/jwt.js';
import { hmacSha256 } from '../../source/signing/sha256.js';

describe('jwt fast paths', () => {
	it('bodyHash is the SHA-256 of the bytes, base64url', () => {
		fc.assert(
			fc.property(fc.uint8Array({ maxLength: 2000 }), (bytes) => {
				expect(bodyHash(bytes)).toBe(createHash('sha256').update(bytes).digest('base64url'));
			}),
		);
		expect(bodyHash('é')).toBe(createHash('sha256').update('é', 'utf8').digest('base64url'));
	});

	it('hmacSha256 is HMAC-SHA256 of the UTF-8 bytes, for short, long and non-ASCII keys', () => {
		fc.assert(
			fc.property(
				fc.string({ maxLength: 200, unit: 'binary' }),
				fc.string({ maxLength: 500 }),
				(key, data) => {
					expect(
						hmacSha256(key, data).equals(
							createHmac('sha256', Buffer.from(key, 'utf8')).update(data).digest(),
						),
					).toBe(true);
				},
			),
		);
		// Data too long for the reused buffer, then short data again with the same key.
		const reference = (key: string, data: string) =>
			createHmac('sha256', Buffer.from(key, 'utf8')).update(data).digest('hex');
		for (const data of ['é'.repeat(5000), 'short', 'x'.repeat(1365), 'x'.repeat(1366), '']) {
			expect(hmacSha256('Jefe', data).toString('hex')).toBe(reference('Jefe', data));
		}
		// RFC 4231 test case 2.
		expect(hmacSha256('Jefe', 'what do ya want for nothing?').toString('hex')).toBe(
			'5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
		);
	});

	it('matches a signature by its bytes, however its base64url is spelled', () => {
		const key = 'sig_k';
		const body = 'b';
		const good = signRequest({ key, issuer: 'Svc', url: 'http://x/', body });
		const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
		// 32 bytes take 43 characters; the last one's two low bits are not part of the bytes.
		const last = alphabet.indexOf(good.at(-1)!);
		const respelled = `${good.slice(0, -1)}${alphabet[last ^ 1]}`;
		const check = (token: string, nextKey?: string) =>
			verifySignature({ token, body, currentKey: nextKey ? 'sig_other' : key, nextKey, issuer: 'Svc' });
		expect(respelled).not.toBe(good);
		expect(check(respelled)).toMatchObject({ ok: true, key: 'current' });
		expect(check(respelled, key)).toMatchObject({ ok: true, key: 'next' });
		const wrong = `${good.slice(0, -1)}${alphabet[last ^ 4]}`;
		expect(check(wrong)).toMatchObject({ ok: false, failure: 'signature' });
		expect(check(`${good.slice(0, -1)}=`)).toMatchObject({ ok: false, failure: 'malformed' });
	});

	it('judges each token by its own header, whatever header came before', () => {
		const key = 'sig_k';
		const body = 'b';
		const good = signRequest({ key, issuer: 'Svc', url: 'http://x/', body });
		const [, payload, signature] = good.split('.');
		const none = `${toBase64Url(JSON.stringify({ alg: 'none' }))}.${payload}.${signature}`;
		const check = (token: string) => verifySignature({ token, body, currentKey: key, issuer: 'Svc' });
		expect(check(good).ok).toBe(true);
		expect(check(none)).toMatchObject({ ok: false, failure: 'algorithm' });
		expect(check(good).ok).toBe(true);
		expect(check(`!!.${payload}.${signature}`)).toMatchObject({ ok: false, failure: 'malformed' });
		expect(check(good).ok).toBe(true);
	});
});
