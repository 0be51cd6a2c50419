import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { previewBase64, previewBytes } from '../../source/text/body-preview.js';

describe('previewBase64', () => {
	it('decodes either alphabet, padded or not, with white space anywhere, to the bytes encoded', () => {
		fc.assert(
			fc.property(
				fc.uint8Array({ maxLength: 80 }),
				fc.constantFrom('base64', 'base64url') as fc.Arbitrary<BufferEncoding>,
				fc.array(fc.tuple(fc.nat(), fc.constantFrom(' ', '\n', '\r\n', '\t'))),
				(bytes, alphabet, spaces) => {
					let text = Buffer.from(bytes).toString(alphabet);
					for (const [at, space] of spaces) {
						const cut = at % (text.length + 1);
						text = text.slice(0, cut) + space + text.slice(cut);
					}
					expect(previewBase64(text)).toEqual(previewBytes(bytes));
				},
			),
		);
	});

	it('keeps a text that is not base64 as it came', () => {
		expect(previewBase64('a b*c')).toEqual({ kind: 'invalid-base64', raw: 'a b*c' });
		expect(previewBase64('abc===')).toEqual({ kind: 'invalid-base64', raw: 'abc===' });
	});
});
