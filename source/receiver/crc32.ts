/**
 * CRC-32 (the one of zlib, gzip and PNG) of some bytes: Node's own where it has it (20.15 and
 * later), else the same sum worked out here, a table lookup per byte.
 */
import zlib from 'node:zlib';

let table: Uint32Array | undefined;

function tableOfSums(): Uint32Array {
	const sums = new Uint32Array(256);
	for (let n = 0; n < 256; n++) {
		let c = n;
		for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
		sums[n] = c >>> 0;
	}
	return sums;
}

/** The sum worked out here, as zlib's crc32 gives it. */
export function crc32OfBytes(bytes: Uint8Array): number {
	table ??= tableOfSums();
	let c = 0xffffffff;
	for (let i = 0; i < bytes.length; i++) c = table[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
	return (c ^ 0xffffffff) >>> 0;
}

// Typed as present: @types/node knows it, though a Node 20 before 20.15 does not have it.
const native = (zlib as { crc32?: (data: Uint8Array) => number }).crc32;

export const crc32: (bytes: Uint8Array) => number = native ?? crc32OfBytes;
