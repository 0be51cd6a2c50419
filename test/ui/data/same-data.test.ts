import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sameData } from '../../../source/ui/data/same-data.js';

describe('sameData', () => {
	it('says what isDeepStrictEqual says of any two pieces of JSON, and of a piece and its copy', () => {
		// Small leaves, so that two independent pieces are often equal and often differ deep down.
		const leaf = fc.oneof(
			fc.constantFrom(0, -0, 1, 1.5, Number.NaN, '', 'a', '1', true, false, null, undefined),
			fc.integer({ min: -2, max: 2 }),
		);
		const { json } = fc.letrec((tie) => ({
			json: fc.oneof({ depthSize: 'small' }, leaf, tie('array'), tie('object')),
			array: fc.array(tie('json'), { maxLength: 4 }),
			object: fc.dictionary(fc.constantFrom('x', 'y', 'z', '__proto__', 'constructor'), tie('json'), {
				maxKeys: 3,
			}),
		}));
		fc.assert(
			fc.property(json, json, (a, b) => {
				expect(sameData(a, b)).toBe(isDeepStrictEqual(a, b));
				// A copy (which has a prototype where the piece may have none) is compared as a piece apart.
				const copy = structuredClone(a);
				expect(sameData(a, copy)).toBe(isDeepStrictEqual(a, copy));
			}),
			{ numRuns: 2000 },
		);
	});

	it('tells apart what JSON-like data can hold alike: a missing key from an undefined one, 0 from -0, an array from an object', () => {
		expect(sameData({ a: undefined }, {})).toBe(false);
		expect(sameData({ a: undefined, b: 1 }, { b: 1, c: undefined })).toBe(false);
		expect(sameData({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(true);
		expect(sameData(0, -0)).toBe(false);
		expect(sameData(Number.NaN, Number.NaN)).toBe(true);
		expect(sameData([1], { 0: 1 })).toBe(false);
		expect(sameData({ 0: 1, length: 1 }, [1])).toBe(false);
		expect(sameData([[1, 2], { x: [3] }], [[1, 2], { x: [3] }])).toBe(true);
		expect(sameData([[1, 2], { x: [3] }], [[1, 2], { x: [4] }])).toBe(false);
	});

	it('leaves other objects to isDeepStrictEqual', () => {
		expect(sameData({ at: new Date(1) }, { at: new Date(1) })).toBe(true);
		expect(sameData({ at: new Date(1) }, { at: new Date(2) })).toBe(false);
		expect(sameData(new Map([[1, 2]]), new Map([[1, 3]]))).toBe(false);
		expect(sameData(new Map([[1, 2]]), new Map([[1, 2]]))).toBe(true);
	});
});
