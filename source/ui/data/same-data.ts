/**
 * Whether two answers hold the same data, as isDeepStrictEqual says of data parsed from JSON
 * (plain objects, arrays without holes, strings, numbers, booleans, null), in a walk that does
 * nothing else: the poll store compares every answer with the one it keeps, and 30 days of
 * statistics are thousands of points. An object of any other kind (a Date, a Map, an instance
 * of a class) is compared by isDeepStrictEqual.
 */
import { isDeepStrictEqual } from 'node:util';

/** Objects of one kind as JSON makes them (or with no prototype at all, which JSON readers make too). */
const plainPair = (a: object, b: object) => {
	const prototype = Object.getPrototypeOf(a);
	return prototype === Object.getPrototypeOf(b) && (prototype === Object.prototype || prototype === null);
};

export function sameData(a: unknown, b: unknown): boolean {
	if (Object.is(a, b)) return true;
	if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
	if (Array.isArray(a) && Array.isArray(b)) {
		if (a.length !== b.length) return false;
		for (let i = 0; i < a.length; i++) if (!sameData(a[i], b[i])) return false;
		return true;
	}
	if (Array.isArray(a) || Array.isArray(b)) return false;
	if (!plainPair(a, b)) return isDeepStrictEqual(a, b);
	// Own enumerable keys by for-in (no list of them made): a plain object inherits none.
	let keys = 0;
	for (const key in a) {
		keys++;
		if (!Object.hasOwn(b, key)) return false;
		if (!sameData((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
	}
	for (const _ in b) keys--;
	return keys === 0;
}
