/**
 * SHA-256 for the body hash a signature carries. crypto.hash (Node >= 20.12) computes a digest
 * without building a stream object; older Node uses createHash. The HMAC of a signature is
 * jwt.ts's, with createHmac: code that decides whether a request is trusted uses the platform's
 * primitives only.
 */
import * as crypto from 'node:crypto';

const oneShot = typeof crypto.hash === 'function' ? crypto.hash : undefined;

/** SHA-256 of the bytes (a string is hashed as UTF-8). */
export function sha256(data: Uint8Array | string, encoding: 'base64url' | 'hex'): string {
	return oneShot
		? oneShot('sha256', data, encoding)
		: crypto.createHash('sha256').update(data).digest(encoding);
}
