import { randomBytes } from 'node:crypto';

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random id of `length` characters from [A-Za-z0-9], unbiased. */
export function randomId(length: number): string {
	let out = '';
	while (out.length < length) {
		for (const byte of randomBytes(length * 2)) {
			// 248 = 4 * 62: bytes at or above it would bias the alphabet, so they are skipped.
			if (byte < 248) out += alphabet[byte % 62];
			if (out.length === length) break;
		}
	}
	return out;
}

export function generateSigningKey(): string {
	return `sig_${randomId(28)}`;
}
