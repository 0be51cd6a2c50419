/** Numbers a pane shows by label (counters, limits), read off a liberal reading: pure. */
import { orMissing } from '../../../format/missing.js';
import type { KeyValue } from './key-values-view.js';

/** The named fields of `R` that hold a number, where the service sent one (not those it may add). */
export type NumberField<R> = keyof {
	[K in keyof R as string extends K ? never : R[K] extends number | undefined ? K : never]: R[K];
};

/**
 * Numbers of `record` as label/value pairs, in the order of `labels` (label: field); each printed
 * by `format`, or by its own in `formats`. A field the service left out is "—".
 */
export function countValues<R>(
	record: R,
	labels: Readonly<Record<string, NumberField<R>>>,
	format: (value: number) => string,
	formats: Partial<Record<NumberField<R>, (value: number) => string>> = {},
): KeyValue[] {
	return Object.entries(labels).map(([label, field]) => ({
		label,
		value: orMissing(record[field] as number | undefined, formats[field] ?? format),
	}));
}
