import type { z } from 'zod';
import { extraPairs } from '../../../format/missing.js';
import type { KeyValue } from './view.js';

/**
 * The fields of `record` its schema does not name (a newer service's additions), as label/value
 * pairs labelled by their own names, sanitised; long ones get a row of their own.
 */
export function extraKeyValues(schema: z.ZodObject, record: Record<string, unknown>): KeyValue[] {
	return extraPairs(schema, record).map(([label, value]) => ({ label, value, wide: value.length > 20 }));
}
