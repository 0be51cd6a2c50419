import type { z } from 'zod';
import { extraPairs } from '../../../format/missing.js';
import type { KeyValue } from './key-values-view.js';

/**
 * The fields of `record` its schema does not name (a newer service's additions), as label/value
 * pairs labelled by their own names, sanitised, each on a row of its own so its name shows whole.
 */
export function extraKeyValues(schema: z.ZodObject, record: Record<string, unknown>): KeyValue[] {
	return extraPairs(schema, record).map(([label, value]) => ({ label, value, wide: true }));
}
