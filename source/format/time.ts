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

/**
 * A formatter of unix milliseconds as text that is the same for every millisecond of a second
 * (`second(ms)`, for an integer ms) followed by the millisecond (`millis(ms)`). The second's part
 * is kept from the last call: a receiver formats thousands of times a second, mostly within one.
 * A zone's offset changes on a whole second, so local times may be cached so too.
 */
function perSecond(
	second: (ms: number) => string | undefined,
	millis: (prefix: string, ms: number) => string,
): (ms: number) => string | undefined {
	let cachedSecond = Number.NaN;
	let cachedPrefix: string | undefined;
	return (ms) => {
		if (!Number.isSafeInteger(ms) || Math.abs(ms) > maxDateMs) return undefined;
		const start = ms - (((ms % 1000) + 1000) % 1000);
		if (start !== cachedSecond) {
			cachedPrefix = second(start);
			cachedSecond = start;
		}
		return cachedPrefix === undefined ? undefined : millis(cachedPrefix, ms - start);
	};
}

/** The furthest from 1970 a date can be, either way. */
const maxDateMs = 8.64e15;

const three = (n: number) => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : String(n));

const clockMillis = perSecond(
	(start) => (dateOf(start) ? `${formatClock(start)}.` : undefined),
	(prefix, ms) => prefix + three(ms),
);

/** Local wall-clock time with milliseconds, `HH:MM:SS.mmm`: for events close together. */
export function formatClockMillis(ms: number): string {
	const cached = clockMillis(ms);
	if (cached !== undefined) return cached;
	const d = dateOf(ms);
	if (!d) return String(ms);
	return `${formatClock(ms)}.${String(d.getMilliseconds()).padStart(3, '0')}`;
}

// `2026-01-31T12:00:00.` of toISOString, which is `.mmmZ` short of the whole.
const isoMillis = perSecond(
	(start) => dateOf(start)?.toISOString().slice(0, -4),
	(prefix, ms) => `${prefix}${three(ms)}Z`,
);

/**
 * Unix milliseconds as ISO 8601 in UTC, exactly as `new Date(ms).toISOString()` gives it; a time
 * no date can hold is given as the number that came.
 */
export function formatIsoMillis(ms: number): string {
	return isoMillis(ms) ?? dateOf(ms)?.toISOString() ?? String(ms);
}

/**
 * A span rounded up to whole seconds, e.g. `8s`, `1m30s`; never negative. Spans often come from
 * the network, so one too large (or not a number) to be a span is shown as it came, never thrown.
 */
export function formatSpan(ms: number): string {
	const rounded = Math.max(0, Math.ceil(ms / 1000)) * 1000;
	return Number.isSafeInteger(rounded) ? formatDuration(rounded) : `${ms} ms`;
}

/** Unix milliseconds as `2026-01-31 12:00:00Z`, for the commands' tables; a time no date can hold as it came. */
export function formatTime(ms: number): string {
	const date = dateOf(ms);
	if (!date) return String(ms);
	return date
		.toISOString()
		.replace('T', ' ')
		.replace(/\.\d+Z$/, 'Z');
}

/** A unix timestamp in seconds as `2026-01-31 12:00 UTC`; 0 or less is `never`. */
export function formatUnixSeconds(seconds: number): string {
	if (!Number.isFinite(seconds) || seconds <= 0) return 'never';
	const d = dateOf(seconds * 1000);
	if (!d) return 'never';
	return `${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())} UTC`;
}

const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** Local date and time `Thu 2026-01-15 14:02:05`: when something happens, in the reader's own zone. */
export function formatLocalDateTime(ms: number): string {
	const d = new Date(ms);
	if (Number.isNaN(d.getTime())) return String(ms);
	const date = `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
	return `${weekdays[d.getDay()]} ${date} ${formatClock(ms)}`;
}

const spanUnits = [
	['d', 86_400_000],
	['h', 3_600_000],
	['m', 60_000],
	['s', 1000],
] as const;

/** How far `ms` is from `now`, in at most two units: `in 5s`, `in 3h20m`, `2d4h ago`, `now`. */
export function formatRelative(ms: number, now: number): string {
	const span = Math.abs(ms - now);
	// Whole seconds, so that a run 0.4s ahead is `in 1s` and one 0.4s past is `now`.
	let rest = (ms > now ? Math.ceil(span / 1000) : Math.floor(span / 1000)) * 1000;
	if (rest === 0) return 'now';
	const parts: string[] = [];
	for (const [unit, size] of spanUnits) {
		const amount = Math.floor(rest / size);
		// Two adjacent units at most: 3h20m, not 3h0m5s.
		if (amount === 0 && parts.length > 0) break;
		if (amount === 0) continue;
		parts.push(`${amount}${unit}`);
		rest -= amount * size;
		if (parts.length === 2) break;
	}
	const text = parts.join('');
	return ms > now ? `in ${text}` : `${text} ago`;
}

/** The reader's own time zone, e.g. `Europe/Berlin` (what local times are shown in). */
export function localTimeZone(): string {
	return Intl.DateTimeFormat().resolvedOptions().timeZone || 'local time';
}

/** The wall-clock time `HH:MM:SS` in another zone (an IANA name), e.g. where a cron expression is read. */
export function formatClockIn(ms: number, zone: string): string {
	try {
		return new Intl.DateTimeFormat('en-GB', {
			timeZone: zone,
			hour: '2-digit',
			minute: '2-digit',
			second: '2-digit',
			hourCycle: 'h23',
		}).format(ms);
	} catch {
		return formatClock(ms);
	}
}
