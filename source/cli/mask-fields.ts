import { maskSecret } from '../text/mask.js';

/** A copy of `record` with the named string fields masked, unless `reveal`. */
export function maskFields<T extends object>(record: T, fields: readonly (keyof T)[], reveal: boolean): T {
	if (reveal) return record;
	const copy = { ...record };
	for (const field of fields) {
		const value = copy[field];
		if (typeof value === 'string' && value !== '')
			(copy as Record<keyof T, unknown>)[field] = maskSecret(value);
	}
	return copy;
}
