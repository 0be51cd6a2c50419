/**
 * SHA-256 and HMAC-SHA256 for code that runs once per request. crypto.hash (Node >= 20.12)
 * computes a digest without building the stream object createHash/createHmac build, which is
 * most of their cost for small inputs; HMAC is then two such digests over the key blocks
 * (RFC 2104), and the key blocks are prepared once per key. Older Node uses createHash/createHmac.
 */
import * as crypto from 'node:crypto';

const oneShot = typeof crypto.hash === 'function' ? crypto.hash : undefined;

/** SHA-256 of the bytes (a string is hashed as UTF-8). */
export function sha256(data: Uint8Array | string, encoding: 'base64url' | 'hex'): string {
	return oneShot
		? oneShot('sha256', data, encoding)
		: crypto.createHash('sha256').update(data).digest(encoding);
}

const blockSize = 64;
const digestSize = 32;

/**
 * A key's HMAC blocks, each at the start of a buffer reused for every HMAC with that key: the
 * inner one followed by room for the data, the outer one followed by room for the inner digest.
 * Reuse is safe because nothing here yields between writing a buffer and hashing it.
 */
interface KeyBlocks {
	inner: Buffer;
	outer: Buffer;
}

const keyBlocks = new Map<string, KeyBlocks>();
// A process verifies with a handful of keys; the bound only guards against unbounded growth.
const maxCachedKeys = 16;
// Data up to this many bytes is written after a key's reused inner block; longer data (rare:
// signing inputs are a few hundred bytes) gets a buffer of its own, so the cache stays small.
const reusedDataBytes = 4096;

function blocksOf(key: string): KeyBlocks {
	let blocks = keyBlocks.get(key);
	if (!blocks) {
		let raw = Buffer.from(key, 'utf8');
		if (raw.length > blockSize) raw = crypto.createHash('sha256').update(raw).digest();
		const inner = Buffer.alloc(blockSize + reusedDataBytes, 0x36);
		const outer = Buffer.alloc(blockSize + digestSize, 0x5c);
		for (let i = 0; i < raw.length; i++) {
			inner[i]! ^= raw[i]!;
			outer[i]! ^= raw[i]!;
		}
		if (keyBlocks.size >= maxCachedKeys) keyBlocks.clear();
		blocks = { inner, outer };
		keyBlocks.set(key, blocks);
	}
	return blocks;
}

/**
 * HMAC-SHA256 keyed with the UTF-8 bytes of `key`, over the UTF-8 bytes of `data`: the bytes,
 * or their base64url text.
 */
export function hmacSha256(key: string, data: string): Buffer;
export function hmacSha256(key: string, data: string, encoding: 'base64url'): string;
export function hmacSha256(key: string, data: string, encoding?: 'base64url'): Buffer | string {
	if (!oneShot) {
		const hmac = crypto.createHmac('sha256', Buffer.from(key, 'utf8')).update(data);
		return encoding ? hmac.digest(encoding) : hmac.digest();
	}
	const { inner, outer } = blocksOf(key);
	// Three UTF-8 bytes per UTF-16 unit at most: whatever fits this bound fits the reused buffer.
	let innerInput: Buffer;
	if (data.length * 3 <= reusedDataBytes) {
		innerInput = inner.subarray(0, blockSize + inner.write(data, blockSize, 'utf8'));
	} else {
		innerInput = Buffer.allocUnsafe(blockSize + Buffer.byteLength(data, 'utf8'));
		inner.copy(innerInput, 0, 0, blockSize);
		innerInput.write(data, blockSize, 'utf8');
	}
	// The inner digest as 'binary' (latin1) text, one character per byte, rather than a Buffer:
	// nothing allocated outside the JS heap, and written back byte for byte.
	outer.write(oneShot('sha256', innerInput, 'binary'), blockSize, 'latin1');
	return encoding ? oneShot('sha256', outer, encoding) : oneShot('sha256', outer, 'buffer');
}
