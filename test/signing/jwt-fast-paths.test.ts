import { createHash, createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toBase64Url } from '../../source/signing/base64url.js';
import { bodyHash, signRequest, verifySignature } from '../../source/signing/jwt.js';

describe('jwt fast paths', () => {
	it('bodyHash is the SHA-256 of the bytes, base64url', () => {
		fc.assert(
			fc.property(fc.uint8Array({ maxLength: 2000 }), (bytes) => {
				expect(bodyHash(bytes)).toBe(createHash('sha256').update(bytes).digest('base64url'));
			}),
		);
		expect(bodyHash('é')).toBe(createHash('sha256').update('é', 'utf8').digest('base64url'));
	});

	it('signs with HMAC-SHA256 of the UTF-8 bytes, for short, long and non-ASCII keys', () => {
		const signatureOf = (key: string, url: string) => {
			const token = signRequest({ key, issuer: 'Svc', url, body: 'b' });
			const input = token.slice(0, token.lastIndexOf('.'));
			const reference = createHmac('sha256', Buffer.from(key, 'utf8'))
				.update(input, 'utf8')
				.digest('base64url');
			return { token, signature: token.slice(input.length + 1), reference };
		};
		fc.assert(
			fc.property(
				fc.string({ maxLength: 200, unit: 'binary' }),
				fc.string({ maxLength: 500 }),
				(key, url) => {
					const { token, signature, reference } = signatureOf(key, url);
					expect(signature).toBe(reference);
					expect(verifySignature({ token, body: 'b', currentKey: key, issuer: 'Svc' }).ok).toBe(true);
				},
			),
		);
		// Signing input too long for one block of data, and a key longer than a block (hashed first).
		for (const [key, url] of [
			['Jefe', 'é'.repeat(5000)],
			['k'.repeat(100), 'http://x/'],
		] as const) {
			const { signature, reference } = signatureOf(key, url);
			expect(signature).toBe(reference);
		}
	});

	it('writes the claims as JSON.stringify writes them, byte for byte, whatever the issuer and URL', () => {
		fc.assert(
			fc.property(
				fc.string({ maxLength: 100, unit: 'binary' }),
				fc.string({ maxLength: 300, unit: 'binary' }),
				fc.oneof(fc.integer({ min: 0, max: 4_000_000_000 }), fc.double({ noNaN: true })),
				(issuer, url, now) => {
					const token = signRequest({ key: 'sig_k', issuer, url, body: 'b', now });
					const payload = Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8');
					const claims = JSON.parse(payload) as Record<string, unknown>;
					expect(Object.keys(claims)).toEqual(['iss', 'sub', 'iat', 'nbf', 'exp', 'jti', 'body']);
					expect(payload).toBe(JSON.stringify(claims));
					expect(claims).toMatchObject({ iss: issuer, sub: url, body: bodyHash('b') });
				},
			),
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
