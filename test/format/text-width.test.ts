/** textWidth counts code points as `[...text].length` does, surrogate pairs and lone halves alike, without spreading the text. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { textWidth } from '../../source/format/text.js';

describe('textWidth', () => {
	it('counts as [...text].length does, on any UTF-16 text', () => {
		fc.assert(
			fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' }), (units, graphemes) => {
				expect(textWidth(units)).toBe([...units].length);
				expect(textWidth(graphemes)).toBe([...graphemes].length);
			}),
			{ numRuns: 2000 },
		);
	});

	it('counts a pair once and each lone half once, wherever they stand', () => {
		for (const text of [
			'',
			'a',
			'😀',
			'\ud83d',
			'\ude00',
			'\ude00\ud83d',
			'\ud83d\ud83d\ude00',
			'😀\ude00',
			'a😀b',
		])
			expect(textWidth(text), JSON.stringify(text)).toBe([...text].length);
	});
});
