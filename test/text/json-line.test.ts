/**
 * safeJson: JSON.stringify's text with the characters a terminal could act on escaped. Its
 * short cut for plain ASCII must change nothing: held to the plain definition on any text.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonLine, safeJson } from '../../source/text/json-line.js';

const unsafe = /[\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g;
const byDefinition = (value: unknown) =>
	JSON.stringify(value).replace(unsafe, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);

describe('safeJson', () => {
	it('escapes what a terminal could act on, and only that', () => {
		expect(jsonLine({ a: 'x\u007fy\u009b\u202e\u2028é\u0007' })).toBe(
			'{"a":"x\\u007fy\\u009b\\u202e\\u2028é\\u0007"}',
		);
		expect(jsonLine({ a: 'plain ascii ~' })).toBe('{"a":"plain ascii ~"}');
	});

	it('is JSON.stringify with those escapes, for any text', () => {
		const text = fc.oneof(
			fc.string({ unit: 'binary' }),
			fc.string({
				unit: fc.constantFrom('a', '~', '\u007f', '\u0085', '\u200e', '\u2029', 'é', '😀', '"', '\\'),
			}),
		);
		fc.assert(
			fc.property(fc.dictionary(text, text), (value) => {
				expect(safeJson(value)).toBe(byDefinition(value));
				expect(JSON.parse(safeJson(value))).toEqual(value);
			}),
		);
	});
});
