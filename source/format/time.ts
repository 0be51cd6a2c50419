/** Clock times and spans for the status line and detail views. */
import { formatDuration } from '../api/duration.js';

const two = (n: number) => String(n).padStart(2, '0');

/**
 * The date of unix milliseconds, or undefined when no date has them (a number from the network
 * may lie beyond the ±8.64e15 ms a date can hold, where formatting one throws).
 */
export function dateOf(ms: number): Date | undefined {
	const d = new Date(ms);
	return Number.isNaN(d.getTime()) ? undefined : d;
}

/**
 * Local wall-clock time `HH:MM:SS`: when something happened, in the reader's own zone. A time no
 * date can hold is shown as the number that came.
 */
export function formatClock(ms: number): string {
	const d = dateOf(ms);
	if (!d) return String(ms);
	return `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}

/** Local wall-clock time with milliseconds, `HH:MM:SS.mmm`: for events close together. */
export function formatClockMillis(ms: number): string {
	const d = dateOf(ms);
	if (!d) return String(ms);
	return `${formatClock(ms)}.${String(d.getMilliseconds()).padStart(3, '0')}`;
}

/** A span rounded up to whole seconds, e.g. `8s`, `1m30s`; never negative. */
export function formatSpan(ms: number): string {
	return formatDuration(Math.max(0, Math.ceil(ms / 1000)) * 1000);
}

/** A unix timestamp in seconds as `2026-01-31 12:00 UTC`; 0 or less is `never`. */
export function formatUnixSeconds(seconds: number): string {
	if (!Number.isFinite(seconds) || seconds <= 0) return 'never';
	const d = dateOf(seconds * 1000);
	if (!d) return 'never';
	return `${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())} UTC`;
}
