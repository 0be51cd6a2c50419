import { createHash } from 'node:crypto';
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
