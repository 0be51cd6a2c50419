/**
 * Whether two lists hold the same items in the same order (by ===): a list computed anew from an
 * answer that did not change it keeps what was drawn from the old one.
 */
export function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
	return a.length === b.length && a.every((item, i) => item === b[i]);
}
