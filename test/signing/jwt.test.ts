import { createHmac } from 'node:crypto';
import { Receiver } from '@upstash/qstash';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { toBase64Url } from '../../source/signing/base64url.js';
import { bodyHash, signRequest, type VerifyOptions, verifySignature } from '../../source/signing/jwt.js';
import { generateSigningKey } from '../../source/signing/keys.js';

const current = generateSigningKey();
const next = generateSigningKey();
const url = 'http://127.0.0.1:4000/callback';
const body = '{"status":200}';
const now = 1_800_000_000;

function verify(token: string | undefined, overrides: Partial<VerifyOptions> = {}) {
	return verifySignature({
		token,
		body,
		currentKey: current,
		nextKey: next,
		issuer: 'Svc',
		url,
		now,
		...overrides,
	});
}

function sign(overrides: Partial<Parameters<typeof signRequest>[0]> = {}) {
	return signRequest({ key: current, issuer: 'Svc', url, body, now, ...overrides });
}

/** A token with any header and claims, HMAC'd with `key`, for the cases our signer never makes. */
function forge(header: object, claims: object, key = current): string {
	const input = `${toBase64Url(JSON.stringify(header))}.${toBase64Url(JSON.stringify(claims))}`;
	return `${input}.${createHmac('sha256', key).update(input).digest('base64url')}`;
}

describe('signatures', () => {
	it('accepts a signature under the current key and under the next key', () => {
		const a = verify(sign());
		expect(a.ok && a.key).toBe('current');
		const b = verify(sign({ key: next }));
		expect(b.ok && b.key).toBe('next');
		if (a.ok) {
			expect(a.claims).toMatchObject({ iss: 'Svc', sub: url, iat: now, nbf: now, exp: now + 300 });
			expect(a.claims.body).toBe(bodyHash(body));
		}
	});

	it.each([
		['wrong key', () => verify(sign({ key: generateSigningKey() })), 'signature'],
		['tampered body', () => verify(sign(), { body: '{"status":500}' }), 'body'],
		['expired', () => verify(sign({ now: now - 301 })), 'expired'],
		['not yet valid', () => verify(sign({ now: now + 60 })), 'not-yet-valid'],
		['wrong issuer', () => verify(sign({ issuer: 'Other' })), 'issuer'],
		['wrong subject', () => verify(sign({ url: 'http://127.0.0.1:4000/elsewhere' })), 'subject'],
		['missing header', () => verify(undefined), 'missing'],
		['empty header', () => verify('  '), 'missing'],
		['malformed token', () => verify('not.a-token'), 'malformed'],
		['garbage segments', () => verify('a.b.c'), 'malformed'],
	])('rejects %s with its own reason', (_name, run, failure) => {
		const result = run();
		expect(result.ok).toBe(false);
		if (!result.ok) {
			expect(result.failure).toBe(failure);
			expect(result.reason.length).toBeGreaterThan(5);
		}
	});

	it('rejects alg none and alg HS512, whatever the MAC', () => {
		const claims = {
			iss: 'Svc',
			sub: url,
			iat: now,
			nbf: now,
			exp: now + 300,
			jti: 'x',
			body: bodyHash(body),
		};
		const none = `${toBase64Url(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${toBase64Url(JSON.stringify(claims))}.`;
		const noneResult = verify(none);
		expect(noneResult.ok === false && noneResult.failure).toBe('algorithm');
		const hs512 = verify(forge({ alg: 'HS512', typ: 'JWT' }, claims));
		expect(hs512.ok === false && hs512.failure).toBe('algorithm');
		expect(hs512.ok === false && hs512.reason).toMatch(/HS512/);
	});

	it('honours the clock tolerance both ways', () => {
		expect(verify(sign({ now: now - 305 }), { clockToleranceSeconds: 10 }).ok).toBe(true);
		expect(verify(sign({ now: now + 5 }), { clockToleranceSeconds: 10 }).ok).toBe(true);
		expect(verify(sign({ now: now + 11 }), { clockToleranceSeconds: 10 }).ok).toBe(false);
	});

	it('skips the subject check when the receiver does not know its URL', () => {
		expect(verify(sign({ url: 'http://anything/' }), { url: undefined }).ok).toBe(true);
	});

	it('compares body hashes with or without base64 padding', () => {
		const claims = {
			iss: 'Svc',
			sub: url,
			iat: now,
			nbf: now,
			exp: now + 300,
			jti: 'x',
			body: `${bodyHash(body)}=`,
		};
		expect(verify(forge({ alg: 'HS256', typ: 'JWT' }, claims)).ok).toBe(true);
	});

	it('signs tokens that the official qstash Receiver verifies', async () => {
		const receiver = new Receiver({ currentSigningKey: current, nextSigningKey: next });
		const realNow = Math.floor(Date.now() / 1000);
		const token = signRequest({ key: next, issuer: 'Upstash', url, body, now: realNow });
		await expect(receiver.verify({ signature: token, body, url })).resolves.toBe(true);
		await expect(receiver.verify({ signature: token, body: 'changed', url })).rejects.toThrow(/body hash/);
		const foreign = signRequest({ key: generateSigningKey(), issuer: 'Upstash', url, body, now: realNow });
		await expect(receiver.verify({ signature: foreign, body, url })).rejects.toThrow();
	});

	it('verifies tokens made by jose', async () => {
		const token = await new SignJWT({ body: bodyHash(body) })
			.setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
			.setIssuer('Svc')
			.setSubject(url)
			.setIssuedAt(now)
			.setNotBefore(now)
			.setExpirationTime(now + 300)
			.setJti('jose-1')
			.sign(new TextEncoder().encode(current));
		const result = verify(token);
		expect(result.ok).toBe(true);
		const hs512 = await new SignJWT({ body: bodyHash(body) })
			.setProtectedHeader({ alg: 'HS512' })
			.setIssuer('Svc')
			.setSubject(url)
			.setNotBefore(now)
			.setExpirationTime(now + 300)
			.sign(new TextEncoder().encode(current));
		expect(verify(hs512).ok).toBe(false);
	});
});
