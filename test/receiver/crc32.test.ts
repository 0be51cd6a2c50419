/** The checksum of history frames: the sum worked out here is zlib's, for Node versions without it. */
import zlib from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crc32OfBytes } from '../../source/receiver/crc32.js';

describe('crc32OfBytes', () => {
	it('is the CRC-32 of zlib', () => {
		expect(crc32OfBytes(Buffer.from('123456789'))).toBe(0xcbf43926);
		expect(crc32OfBytes(new Uint8Array(0))).toBe(0);
		fc.assert(
			fc.property(fc.uint8Array({ maxLength: 2000 }), (bytes) => {
				expect(crc32OfBytes(bytes)).toBe(zlib.crc32(bytes));
			}),
		);
	});
});
