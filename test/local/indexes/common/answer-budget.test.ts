import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonSize } from '../../../../source/local/indexes/common/answer-budget.js';

describe('jsonSize', () => {
	it('counts the UTF-8 bytes of JSON.stringify without building it', () => {
		fc.assert(
			fc.property(fc.jsonValue(), fc.string({ unit: 'binary' }), (value, text) => {
				for (const item of [value, text, { text, value, gone: undefined }, [undefined, text, -0, 1e-7]])
					expect(jsonSize(item, Number.POSITIVE_INFINITY)).toBe(Buffer.byteLength(JSON.stringify(item)));
			}),
			{ numRuns: 100 },
		);
		expect(jsonSize('\ud800x\udc00\ud83d\ude00', 1e9)).toBe(
			Buffer.byteLength(JSON.stringify('\ud800x\udc00\ud83d\ude00')),
		);
	});

	it('stops counting past its limit with an error that names it', () => {
		expect(() => jsonSize(['x'.repeat(100)], 50)).toThrow(/more than 50 bytes as JSON/);
	});
});
