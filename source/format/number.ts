/** Numbers as a person reads them on a dashboard: grouped, compact, or money. */
import { orMissing } from './missing.js';

/**
 * `1234567` as `1,234,567`, as `Intl.NumberFormat('en-US')` groups it; fractions are rounded to
 * whole numbers. Grouped by hand: the first Intl object of a process loads ICU's data, which
 * the monitor's first frame waits for (README, Development), and the first frame shows counts.
 */
export function formatInteger(n: number): string {
	if (!Number.isFinite(n)) return '–';
	const whole = Math.round(n);
	const digits = String(Math.abs(whole));
	// From 1e21 on String writes an exponent.
	if (digits.includes('e')) return whole.toLocaleString('en-US', { maximumFractionDigits: 0 });
	return `${whole < 0 ? '-' : ''}${digits.replace(/\B(?=(\d{3})+$)/g, ',')}`;
}

/** `1234567.891` as `1,234,567.89`: grouped, fractions kept to two decimals (a command's table). */
export function formatNumber(n: number): string {
	if (!Number.isFinite(n)) return '–';
	return n.toLocaleString('en-US', { maximumFractionDigits: 2 });
}

const compactUnits = [
	{ size: 1e12, suffix: 'T' },
	{ size: 1e9, suffix: 'G' },
	{ size: 1e6, suffix: 'M' },
	{ size: 1e3, suffix: 'k' },
] as const;

/** At most four characters of digits: `999`, `1.2k`, `45k`, `3.1M`; fractions keep 2 decimals. */
export function formatCount(n: number): string {
	if (!Number.isFinite(n)) return '–';
	const sign = n < 0 ? '-' : '';
	const abs = Math.abs(n);
	for (const { size, suffix } of compactUnits) {
		// Round first, so 999_950 becomes 1.0M rather than 1000k.
		if (abs >= size * 0.99995) return `${sign}${oneDecimal(abs / size)}${suffix}`;
	}
	if (Number.isInteger(abs)) return `${sign}${abs}`;
	if (abs >= 99.5) return `${sign}${abs.toFixed(0)}`;
	return `${sign}${Number(abs.toFixed(abs >= 10 ? 1 : 2))}`;
}

function oneDecimal(value: number): string {
	return value >= 9.95 ? value.toFixed(0) : value.toFixed(1).replace(/\.0$/, '');
}

/**
 * Dollars. Amounts under a dollar keep two significant digits, because the service bills
 * fractions of a cent per message and `$0.00` would hide real usage.
 */
export function formatMoney(n: number): string {
	if (!Number.isFinite(n)) return '–';
	const sign = n < 0 ? '-' : '';
	const abs = Math.abs(n);
	if (abs === 0) return '$0.00';
	if (abs >= 1) {
		return `${sign}$${new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(abs)}`;
	}
	const digits = Math.min(8, Math.max(2, 1 - Math.floor(Math.log10(abs))));
	return `${sign}$${abs.toFixed(digits)}`;
}

/**
 * A cap where -1 means unlimited (docs/protocol/limits.md#unlimited-values); "—" when the service
 * sent none.
 */
export function formatLimit(
	n: number | undefined,
	format: (value: number) => string = formatInteger,
): string {
	return n === -1 ? 'unlimited' : orMissing(n, format);
}
