import { randomFillSync } from 'node:crypto';

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

// Random bytes are drawn from the OS in blocks: one system call per block, not per id (the
// local service makes several ids per message).
const pool = Buffer.alloc(4096);
let poolAt = pool.length;

function randomByte(): number {
	if (poolAt === pool.length) {
		randomFillSync(pool);
		poolAt = 0;
	}
	return pool[poolAt++]!;
}

/** A random id of `length` characters from [A-Za-z0-9], unbiased. */
export function randomId(length: number): string {
	let out = '';
	while (out.length < length) {
		const byte = randomByte();
		// 248 = 4 * 62: bytes at or above it would bias the alphabet, so they are skipped.
		if (byte < 248) out += alphabet[byte % 62];
	}
	return out;
}

export function generateSigningKey(): string {
	return `sig_${randomId(28)}`;
}
