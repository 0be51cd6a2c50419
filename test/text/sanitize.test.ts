import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describePreview, previewBase64 } from '../../source/text/body-preview.js';
import { sanitize, sanitizeMultiline } from '../../source/text/sanitize.js';

describe('sanitize', () => {
	it('shows escape sequences and control characters escaped', () => {
		expect(sanitize('\x1b[2J')).toBe('\\x1b[2J');
		expect(sanitize('\x1b]0;title\x07')).toBe('\\x1b]0;title\\x07');
		expect(sanitize('a\rb\bc')).toBe('a\\rb\\bc');
		expect(sanitize('\u009b31m')).toBe('\\x9b31m');
		expect(sanitize('line\nnext')).toBe('line\\nnext');
		expect(sanitize('\u202eevil')).toBe('\\u202eevil');
	});

	it('keeps line breaks in multi-line text but nothing else', () => {
		expect(sanitizeMultiline('a\nb\x1b[0m')).toBe('a\nb\\x1b[0m');
	});

	it('never lets a control character through, and leaves ordinary text alone', () => {
		fc.assert(
			fc.property(fc.string({ unit: 'binary' }), (text) => {
				expect(sanitize(text)).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
			}),
		);
		expect(sanitize('héllo wörld ✓ 日本')).toBe('héllo wörld ✓ 日本');
	});

	it('shows every invisible formatting character (Unicode category Cf) escaped, U+061C included', () => {
		expect(sanitize('a\u061cb')).toBe('a\\u061cb');
		expect(sanitize('\u00ad\u200b\u2060\ufeff')).toBe('\\xad\\u200b\\u2060\\ufeff');
		// Beyond the first plane: the tag characters, written as a code point.
		expect(sanitize('flag\u{e0067}\u{e007f}')).toBe('flag\\u{e0067}\\u{e007f}');
		expect(sanitizeMultiline('x\u061c\ny')).toBe('x\\u061c\ny');
		fc.assert(
			fc.property(fc.string({ unit: 'binary' }), (text) => {
				expect(sanitize(text)).not.toMatch(/\p{Cf}/u);
				expect(sanitizeMultiline(text)).not.toMatch(/\p{Cf}/u);
			}),
			{ numRuns: 2000 },
		);
	});
});

describe('body preview', () => {
	it('decodes UTF-8 base64 to text and other bytes to hex', () => {
		expect(previewBase64(Buffer.from('{"ok":true}').toString('base64'))).toEqual({
			kind: 'text',
			text: '{"ok":true}',
			bytes: 11,
		});
		const binary = previewBase64(Buffer.from([0xff, 0x00, 0x01]).toString('base64'));
		expect(describePreview(binary)).toBe('3 bytes binary: ff 00 01');
		expect(previewBase64('not base64!').kind).toBe('invalid-base64');
	});
});
