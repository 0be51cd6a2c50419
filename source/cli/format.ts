/**
 * Small formatters for readable output: times, sizes, limits and secrets in records, and "—"
 * for a value the service did not send (or sent in a form that could not be read).
 */
import { orMissing } from '../format/missing.js';
import { dateOf } from '../format/time.js';
import { maskSecret } from '../text/mask.js';

export { missing, orMissing, rawValue, text } from '../format/missing.js';

/** Unix milliseconds as `2026-01-31 12:00:00Z`. */
export function formatTime(ms: number): string {
	// A time no date can hold (a number from the network) is shown as it came.
	const date = dateOf(ms);
	if (!date) return String(ms);
	return date
		.toISOString()
		.replace('T', ' ')
		.replace(/\.\d+Z$/, 'Z');
}

/** Unix seconds (as the account and index resources give them) as a time. */
export function formatUnixSeconds(seconds: number): string {
	return formatTime(seconds * 1000);
}

const byteUnits = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];

export function formatBytes(bytes: number): string {
	let value = bytes;
	let unit = 0;
	while (Math.abs(value) >= 1024 && unit < byteUnits.length - 1) {
		value /= 1024;
		unit++;
	}
	return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${byteUnits[unit]}`;
}

/** A cap where -1 means unlimited (search index limits); "—" when missing. */
export function formatLimit(value: number | undefined): string {
	return value === -1 ? 'unlimited' : orMissing(value, formatNumber);
}

export function formatNumber(value: number): string {
	return Number.isInteger(value)
		? value.toLocaleString('en-US')
		: value.toLocaleString('en-US', { maximumFractionDigits: 2 });
}

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
