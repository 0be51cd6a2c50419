/**
 * safeJson: JSON.stringify's text with the characters a terminal could act on escaped. Its
 * short cut for plain ASCII must change nothing: held to the plain definition on any text.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonLine, safeJson } from '../../source/text/json-line.js';

const unsafe = /[\u007f-\u009f\u2028\u2029\p{Cf}]/gu;
const unit = (code: number) => `\\u${code.toString(16).padStart(4, '0')}`;
const byDefinition = (value: unknown) =>
	JSON.stringify(value).replace(unsafe, (ch) =>
		[...Array(ch.length).keys()].map((i) => unit(ch.charCodeAt(i))).join(''),
	);

describe('safeJson', () => {
	it('escapes what a terminal could act on, and only that', () => {
		expect(jsonLine({ a: 'x\u007fy\u009b\u202e\u2028é\u0007' })).toBe(
			'{"a":"x\\u007fy\\u009b\\u202e\\u2028é\\u0007"}',
		);
		expect(jsonLine({ a: 'plain ascii ~' })).toBe('{"a":"plain ascii ~"}');
	});

	it('escapes every invisible formatting character (Unicode category Cf), U+061C included', () => {
		expect(jsonLine({ a: 'x\u061cy\u200b\ufeff\u{e0067}' })).toBe(
			'{"a":"x\\u061cy\\u200b\\ufeff\\udb40\\udc67"}',
		);
	});

	it('is JSON.stringify with those escapes, for any text', () => {
		const text = fc.oneof(
			fc.string({ unit: 'binary' }),
			fc.string({
				unit: fc.constantFrom(
					'a',
					'~',
					'\u007f',
					'\u0085',
					'\u200e',
					'\u2029',
					'\u061c',
					'\u{e0067}',
					'é',
					'😀',
					'"',
					'\\',
				),
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
