/**
 * Datapoint timestamps of the statistics: `YYYY-MM-DD HH:MM:SS.fff +0000 UTC`, with 0 to 9
 * fractional digits accepted on input.
 */
const pattern =
	/^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(?: ?(?:\+0000|Z)(?: UTC)?)?$/;

/** Unix milliseconds of a statistics timestamp, or undefined when it is not one. */
export function parseStatsTimestamp(text: string): number | undefined {
	const match = pattern.exec(text.trim());
	if (!match) return undefined;
	const [, year, month, day, hour, minute, second, fraction = ''] = match;
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
	return ms + Math.floor(Number(fraction.padEnd(3, '0').slice(0, 3)));
}

const two = (n: number) => String(n).padStart(2, '0');

export function formatStatsTimestamp(ms: number): string {
	const d = new Date(ms);
	const date = `${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())}`;
	const time = `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`;
	return `${date} ${time}.${String(d.getUTCMilliseconds()).padStart(3, '0')} +0000 UTC`;
}
