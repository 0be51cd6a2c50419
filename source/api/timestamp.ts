/**
 * Datapoint timestamps of the statistics. The service form is `YYYY-MM-DD HH:MM:SS.fff +0000
 * UTC` (0 to 9 fractional digits; the vendor's reference shows 3 and 9). Clients also accept
 * ISO 8601 and unix seconds or milliseconds, as a number or a string, because the vendor's
 * reference types `x` as a plain string (docs/protocol/statistics.md#timestamps).
 */
const pattern =
	/^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?\s*(Z|[+-]\d{2}:?\d{2})?(?:\s*UTC)?$/;

/** Below this a unix time is in seconds (1e11 s is the year 5138; 1e11 ms is 1973). */
const secondsBelow = 1e11;

/** Beyond this no date can be made of a time (ECMAScript's limit). */
const latestMs = 8.64e15;

function fromUnix(value: number): number | undefined {
	if (!Number.isFinite(value) || value < 0) return undefined;
	const ms = Math.floor(value < secondsBelow ? value * 1000 : value);
	return ms > latestMs ? undefined : ms;
}

function offsetMs(zone: string | undefined): number {
	if (zone === undefined || zone === 'Z') return 0;
	const digits = zone.replace(':', '');
	const minutes = Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5));
	return (zone.startsWith('-') ? -1 : 1) * minutes * 60_000;
}

/**
 * Timestamps read before, by their text: the statistics repeat the same ones in every series and
 * every poll (the monitor reads hundreds every 2 s). Bounded: emptied when it is full.
 */
const known = new Map<string, number | undefined>();
const knownAtMost = 4096;

/** Unix milliseconds of a statistics timestamp, or undefined when it is not one. */
export function parseStatsTimestamp(value: string | number): number | undefined {
	if (typeof value === 'number') return fromUnix(value);
	const ms = known.get(value);
	if (ms !== undefined || known.has(value)) return ms;
	const parsed = parseText(value);
	if (known.size >= knownAtMost) known.clear();
	known.set(value, parsed);
	return parsed;
}

function parseText(value: string): number | undefined {
	const text = value.trim();
	if (/^\d+(\.\d+)?$/.test(text)) return fromUnix(Number(text));
	const match = pattern.exec(text);
	if (!match) return undefined;
	const [, year, month, day, hour, minute, second = '0', fraction = '', zone] = match;
	const ms = Date.UTC(
		Number(year),
		Number(month) - 1,
		Number(day),
		Number(hour),
		Number(minute),
		Number(second),
	);
	const date = new Date(ms);
	// Date.UTC rolls 2024-02-31 over to March; a timestamp that does so is not a real one.
	const rolledOver =
		date.getUTCMonth() !== Number(month) - 1 ||
		date.getUTCDate() !== Number(day) ||
		date.getUTCHours() !== Number(hour) ||
		date.getUTCMinutes() !== Number(minute);
	if (rolledOver || Number(second) > 59) {
		return undefined;
	}
	return ms + Math.floor(Number(fraction.padEnd(3, '0').slice(0, 3))) - offsetMs(zone);
}

const two = (n: number) => String(n).padStart(2, '0');

export function formatStatsTimestamp(ms: number): string {
	const d = new Date(ms);
	const date = `${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())}`;
	const time = `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`;
	return `${date} ${time}.${String(d.getUTCMilliseconds()).padStart(3, '0')} +0000 UTC`;
}
