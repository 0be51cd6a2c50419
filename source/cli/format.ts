/**
 * Small formatters for readable output: times, sizes, limits and secrets in records, and "—"
 * for a value the service did not send (or sent in a form that could not be read).
 */
import { describeValue } from '../api/liberal.js';
import { maskSecret } from '../text/mask.js';
import { sanitize } from '../text/sanitize.js';
import type { Cell } from './table.js';

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
export function rawValue(value: unknown): Cell {
	return sanitize(typeof value === 'string' ? value : describeValue(value, 200));
}

/** Unix milliseconds as `2026-01-31 12:00:00Z`. */
export function formatTime(ms: number): string {
	if (!Number.isFinite(ms)) return String(ms);
	return new Date(ms)
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
