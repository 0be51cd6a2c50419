/**
 * Durations as the service writes them: `10s`, `5m`, `2h`, `1d`, `250ms`, combinable as
 * `1h30m`. A bare non-negative integer is taken as seconds, as deployed services accept it.
 */
const unitMs = { d: 86_400_000, h: 3_600_000, m: 60_000, s: 1000, ms: 1 } as const;
type Unit = keyof typeof unitMs;
const order: Unit[] = ['d', 'h', 'm', 's', 'ms'];

export class DurationError extends Error {
	override name = 'DurationError';
}

/** Parses a duration to milliseconds; throws DurationError with a message fit for a user. */
export function parseDuration(text: string): number {
	const input = text.trim();
	if (/^\d+$/.test(input)) return checked(Number(input) * 1000, text);
	if (!/^(\d+(ms|d|h|m|s))+$/.test(input)) {
		throw new DurationError(
			`invalid duration ${JSON.stringify(text)}: use a number with a unit (ms, s, m, h, d), as in 30s or 1h30m`,
		);
	}
	let total = 0;
	for (const [, amount, unit] of input.matchAll(/(\d+)(ms|d|h|m|s)/g)) {
		total += Number(amount) * unitMs[unit as Unit];
	}
	return checked(total, text);
}

function checked(ms: number, text: string): number {
	if (!Number.isSafeInteger(ms)) throw new DurationError(`duration ${JSON.stringify(text)} is too large`);
	return ms;
}

/** Formats milliseconds in the shortest canonical form, e.g. 5_400_000 as `1h30m`. */
export function formatDuration(ms: number): string {
	if (!Number.isSafeInteger(ms) || ms < 0) throw new DurationError(`cannot format duration ${ms}`);
	if (ms === 0) return '0s';
	let rest = ms;
	let out = '';
	for (const unit of order) {
		const amount = Math.floor(rest / unitMs[unit]);
		if (amount > 0) {
			out += `${amount}${unit}`;
			rest -= amount * unitMs[unit];
		}
	}
	return out;
}
