/**
 * What a value the service did not send (or sent in a form that could not be read) is shown as,
 * and fields mqtop does not know, shown as they came: shared by the commands and the TUI.
 */
import type { z } from 'zod';
import { describeValue, extraFields } from '../api/liberal.js';
import { sanitize } from '../text/sanitize.js';

/** What a missing value is shown as. */
export const missing = '—';

/** `format(value)`, or "—" when the value is missing. */
export function orMissing<T>(value: T | undefined | null, format: (value: T) => string): string {
	return value === undefined || value === null ? missing : format(value);
}

/** Network text, sanitised, or "—" when missing. */
export function text(value: string | undefined | null): string {
	return orMissing(value, sanitize);
}

/** A value of a field mqtop does not know, as one sanitised line (JSON for anything but text). */
export function rawValue(value: unknown): string {
	return sanitize(typeof value === 'string' ? value : describeValue(value, 200));
}

/**
 * `label  value` pairs of the fields a record's schema does not name (a newer service's
 * additions), labelled by their own names, both sanitised: for detail views and detail output.
 */
export function extraPairs(schema: z.ZodObject, record: Record<string, unknown>): [string, string][] {
	return extraFields(schema, record).map(([key, value]) => [sanitize(key), rawValue(value)]);
}
