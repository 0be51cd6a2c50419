/**
 * The authentication schemes: Basic (email:apiKey) on the management API
 * (docs/protocol/authentication.md#management-api), Bearer on the messaging API
 * (docs/protocol/authentication.md#messaging-api), and on publish also the token query parameter
 * (docs/protocol/authentication.md#token-in-the-query). Secrets are compared in constant time.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { AccountCredentials } from '../account/account.js';
import { ServiceError } from '../errors.js';

export type AuthScheme = 'basic' | 'bearer' | 'bearer-or-query';

/** SHA-256 of a secret: equal-length values for timingSafeEqual (the data planes use it). */
export function digest(text: string): Buffer {
	return createHash('sha256').update(text).digest();
}

/**
 * The account's secrets as bytes, compared in constant time. A length mismatch answers at
 * once: lengths are not secret (tokens and keys have a fixed format), contents are.
 */
export class Secrets {
	/** Read at each check: a token rotation changes the account's token in place. */
	constructor(private readonly account: AccountCredentials) {}

	matches(kind: 'email' | 'apiKey' | 'token', given: string): boolean {
		const expected = Buffer.from(this.account[kind]);
		const bytes = Buffer.from(given);
		return bytes.length === expected.length && timingSafeEqual(bytes, expected);
	}
}

function unauthorized(message: string, challenge: string): ServiceError {
	return new ServiceError('unauthenticated', message, { 'www-authenticate': challenge });
}

/** The Authorization header's value; undefined when there is none, or only spaces. */
export function authorization(headers: IncomingHttpHeaders): string | undefined {
	return headers.authorization?.trim() || undefined;
}

export function checkBasic(headers: IncomingHttpHeaders, secrets: Secrets): void {
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
	const emailOk = secrets.matches('email', email);
	const keyOk = secrets.matches('apiKey', key);
	if (!emailOk || !keyOk) throw unauthorized('wrong email or API key', challenge);
}

export function checkBearer(
	headers: IncomingHttpHeaders,
	secrets: Secrets,
	queryToken: string | undefined,
): void {
	const challenge = 'Bearer realm="messaging"';
	const value = authorization(headers);
	if (value) {
		const match = /^bearer\s+(\S+)$/i.exec(value);
		if (!match) throw unauthorized('the messaging API takes Bearer authentication', challenge);
		if (!secrets.matches('token', match[1]!)) throw unauthorized('wrong token', challenge);
		return;
	}
	if (queryToken === undefined)
		throw unauthorized('missing credentials: use an Authorization: Bearer header', challenge);
	if (!secrets.matches('token', queryToken)) throw unauthorized('wrong token', challenge);
}
