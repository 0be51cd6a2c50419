/**
 * The authentication schemes of interface.md: Basic (email:apiKey) on the management API,
 * Bearer on the messaging API, and on publish also the token query parameter. Secrets are
 * compared in constant time.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { AccountCredentials } from '../account/account.js';
import { HttpError } from './reply.js';

export type AuthScheme = 'basic' | 'bearer' | 'bearer-or-query';

function sameSecret(given: string, expected: string): boolean {
	// Hashing first gives equal lengths, so timingSafeEqual never throws or leaks the length.
	const a = createHash('sha256').update(given).digest();
	const b = createHash('sha256').update(expected).digest();
	return timingSafeEqual(a, b);
}

function unauthorized(message: string, challenge: string): HttpError {
	return new HttpError(401, message, { 'www-authenticate': challenge });
}

function authorization(headers: IncomingHttpHeaders): string | undefined {
	return headers.authorization?.trim() || undefined;
}

export function checkBasic(headers: IncomingHttpHeaders, account: AccountCredentials): void {
	const challenge = 'Basic realm="management"';
	const value = authorization(headers);
	if (!value)
		throw unauthorized('missing credentials: use Basic authentication with email:apiKey', challenge);
	const match = /^basic\s+(\S+)$/i.exec(value);
	if (!match) throw unauthorized('the management API takes Basic authentication (email:apiKey)', challenge);
	const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
	const colon = decoded.indexOf(':');
	const email = colon < 0 ? decoded : decoded.slice(0, colon);
	const key = colon < 0 ? '' : decoded.slice(colon + 1);
	// Both compared every time, so timing does not tell which one was wrong.
	const emailOk = sameSecret(email, account.email);
	const keyOk = sameSecret(key, account.apiKey);
	if (!emailOk || !keyOk) throw unauthorized('wrong email or API key', challenge);
}

export function checkBearer(
	headers: IncomingHttpHeaders,
	account: AccountCredentials,
	queryToken: string | undefined,
): void {
	const challenge = 'Bearer realm="messaging"';
	const value = authorization(headers);
	if (value) {
		const match = /^bearer\s+(\S+)$/i.exec(value);
		if (!match) throw unauthorized('the messaging API takes Bearer authentication', challenge);
		if (!sameSecret(match[1]!, account.token)) throw unauthorized('wrong token', challenge);
		return;
	}
	if (queryToken === undefined)
		throw unauthorized('missing credentials: use an Authorization: Bearer header', challenge);
	if (!sameSecret(queryToken, account.token)) throw unauthorized('wrong token', challenge);
}
