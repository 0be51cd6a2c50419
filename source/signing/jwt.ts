import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from 'node:crypto';
import { fromBase64Url, isBase64Url, stripPadding, toBase64Url } from './base64url.js';
import { randomId } from './keys.js';
import { sha256 } from './sha256.js';

/** Lifetime of a signature the service issues, in seconds. */
export const signatureLifetimeSeconds = 300;

export interface SignatureClaims {
	iss: string;
	sub: string;
	iat: number;
	nbf: number;
	exp: number;
	jti: string;
	body: string;
	[extra: string]: unknown;
}

export interface SignOptions {
	key: string;
	issuer: string;
	/** The URL the request is sent to; becomes `sub`. */
	url: string;
	body: Uint8Array | string;
	/** Unix seconds; defaults to now. */
	now?: number;
}

export function bodyHash(body: Uint8Array | string): string {
	return sha256(body, 'base64url');
}

/** The header segment of every token the service issues: encoded once, not per signature. */
const signedHeader = toBase64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

/** The HMAC key of the last signing key used: a service signs with one key for many requests. */
let lastKey: { key: string; object: KeyObject } | undefined;

function signingKeyObject(key: string): KeyObject {
	if (lastKey?.key !== key) lastKey = { key, object: createSecretKey(Buffer.from(key, 'utf8')) };
	return lastKey.object;
}

/**
 * The claims' JSON as JSON.stringify writes them, in this order: only the two strings a caller
 * chooses need escaping (the id and the hash are base64url, the times numbers).
 */
function claimsJson(claims: SignatureClaims): string {
	return (
		`{"iss":${JSON.stringify(claims.iss)},"sub":${JSON.stringify(claims.sub)},` +
		`"iat":${JSON.stringify(claims.iat)},"nbf":${JSON.stringify(claims.nbf)},"exp":${JSON.stringify(claims.exp)},` +
		`"jti":"${claims.jti}","body":"${claims.body}"}`
	);
}

export function signRequest(options: SignOptions): string {
	const now = options.now ?? Math.floor(Date.now() / 1000);
	const header = signedHeader;
	const claims: SignatureClaims = {
		iss: options.issuer,
		sub: options.url,
		iat: now,
		nbf: now,
		exp: now + signatureLifetimeSeconds,
		jti: `jwt_${randomId(20)}`,
		body: bodyHash(options.body),
	};
	const payload = Buffer.from(claimsJson(claims), 'utf8').toString('base64url');
	const signature = createHmac('sha256', signingKeyObject(options.key))
		.update(`${header}.${payload}`, 'latin1')
		.digest('base64url');
	return `${header}.${payload}.${signature}`;
}

export type VerifyFailure =
	| 'missing'
	| 'malformed'
	| 'algorithm'
	| 'signature'
	| 'issuer'
	| 'not-yet-valid'
	| 'expired'
	| 'subject'
	| 'body';

export type VerifyResult =
	| { ok: true; claims: SignatureClaims; key: 'current' | 'next' }
	| { ok: false; failure: VerifyFailure; reason: string; claims?: Record<string, unknown> };

export interface VerifyOptions {
	token: string | undefined;
	body: Uint8Array | string;
	currentKey: string;
	nextKey?: string | undefined;
	issuer: string;
	/** The receiver's public URL; when given, `sub` must equal it. */
	url?: string | undefined;
	clockToleranceSeconds?: number;
	/** Unix seconds; defaults to now. */
	now?: number;
}

function fail(failure: VerifyFailure, reason: string, claims?: Record<string, unknown>): VerifyResult {
	return claims ? { ok: false, failure, reason, claims } : { ok: false, failure, reason };
}

function parseSegment(segment: string): Record<string, unknown> | undefined {
	const bytes = fromBase64Url(segment);
	if (!bytes) return undefined;
	try {
		const value: unknown = JSON.parse(bytes.toString('utf8'));
		return value !== null && typeof value === 'object' && !Array.isArray(value)
			? (value as Record<string, unknown>)
			: undefined;
	} catch {
		return undefined;
	}
}

// Every token of one issuer has the same header segment: parse it once, not per request.
let lastHeader: { segment: string; value: Record<string, unknown> | undefined } | undefined;

function parseHeaderSegment(segment: string): Record<string, unknown> | undefined {
	if (lastHeader?.segment !== segment) lastHeader = { segment, value: parseSegment(segment) };
	return lastHeader.value;
}

/** HMAC-SHA256 keyed with the UTF-8 bytes of `key`, over the UTF-8 bytes of `data`. */
function hmac(key: string, data: string): Buffer {
	return createHmac('sha256', Buffer.from(key, 'utf8')).update(data, 'utf8').digest();
}

/**
 * Whether `signature` is the MAC of the signing input under `key`, compared by its bytes (so any
 * spelling of them matches, e.g. unused low bits set) in a time that does not depend on where
 * they differ.
 */
function macMatches(key: string, signingInput: string, signature: Buffer): boolean {
	const expected = hmac(key, signingInput);
	return expected.length === signature.length && timingSafeEqual(expected, signature);
}

/**
 * Verifies a request signature in the order docs/protocol/signatures.md#verification-order gives,
 * so that each rejection names the first check that failed.
 */
export function verifySignature(options: VerifyOptions): VerifyResult {
	const token = options.token?.trim();
	if (!token) return fail('missing', 'missing signature header');
	// The parts by position rather than split: the signing input is then a slice of the token.
	const first = token.indexOf('.');
	const second = first < 0 ? -1 : token.indexOf('.', first + 1);
	if (second < 0 || token.includes('.', second + 1))
		return fail('malformed', 'malformed token: expected three dot-separated parts');
	const headerPart = token.slice(0, first);
	const payloadPart = token.slice(first + 1, second);
	const signaturePart = token.slice(second + 1);
	const header = parseHeaderSegment(headerPart);
	const claims = parseSegment(payloadPart);
	if (!header || !claims || !isBase64Url(signaturePart))
		return fail('malformed', 'malformed token: segments are not base64url JSON');
	if (header.alg !== 'HS256') {
		return fail(
			'algorithm',
			`unsupported algorithm ${JSON.stringify(String(header.alg))}: only HS256 is accepted`,
			claims,
		);
	}
	const signingInput = token.slice(0, second);
	const signature = Buffer.from(signaturePart, 'base64url');
	let key: 'current' | 'next';
	if (macMatches(options.currentKey, signingInput, signature)) key = 'current';
	else if (options.nextKey && macMatches(options.nextKey, signingInput, signature)) key = 'next';
	else
		return fail(
			'signature',
			'invalid signature: matches neither the current nor the next signing key',
			claims,
		);

	if (claims.iss !== options.issuer) {
		return fail(
			'issuer',
			`wrong issuer ${JSON.stringify(claims.iss)}, expected ${JSON.stringify(options.issuer)}`,
			claims,
		);
	}
	const now = options.now ?? Math.floor(Date.now() / 1000);
	const tolerance = options.clockToleranceSeconds ?? 0;
	if (typeof claims.nbf !== 'number' || typeof claims.exp !== 'number') {
		return fail('malformed', 'malformed token: nbf and exp must be numbers', claims);
	}
	if (now + tolerance < claims.nbf)
		return fail('not-yet-valid', `token not valid before ${claims.nbf}`, claims);
	if (now - tolerance > claims.exp) return fail('expired', `token expired at ${claims.exp}`, claims);
	if (options.url !== undefined && claims.sub !== options.url) {
		return fail(
			'subject',
			`wrong subject ${JSON.stringify(claims.sub)}, expected ${JSON.stringify(options.url)}`,
			claims,
		);
	}
	if (typeof claims.body !== 'string' || stripPadding(claims.body) !== stripPadding(bodyHash(options.body))) {
		return fail('body', 'body hash mismatch: the body was changed after signing', claims);
	}
	return { ok: true, claims: claims as SignatureClaims, key };
}
