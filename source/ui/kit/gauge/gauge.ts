/**
 * A use against its maximum as a small bar and a count, for table cells: `███▌░░░░ 7/16`.
 * Pure text, so a table sizes and cuts it like any cell; the tone says how close to the
 * maximum it is. A maximum that is missing or 0 (none) draws no bar.
 */
import { isLimitedMax, type LimitKind, unlimitedUse } from '../../../format/limit.js';
import { formatCount } from '../../../format/number.js';
import type { Tone } from '../../theme/theme.js';

const eighths = ['', '▏', '▎', '▍', '▌', '▋', '▊', '▉'];

/** `count` of `max` in `cells` characters: full blocks, one partial block, light shade for the rest. */
export function gaugeBar(count: number, max: number, cells: number): string {
	const width = Math.max(0, Math.floor(cells));
	if (width === 0) return '';
	const share = max > 0 ? Math.min(1, Math.max(0, count / max)) : 0;
	const filled = Math.round(share * width * 8);
	const full = Math.floor(filled / 8);
	const partial = eighths[filled % 8]!;
	// Something in use never looks empty.
	const head = full === 0 && partial === '' && count > 0 ? '▏' : `${'█'.repeat(full)}${partial}`;
	return head + '░'.repeat(Math.max(0, width - [...head].length));
}

export interface Gauge {
	count: number | undefined;
	max: number | undefined;
}

const limited = isLimitedMax;

/**
 * The cell: bar and `count/max`; with no maximum the words of format/limit.ts (`unlimited (3 in
 * flight)`, `no rate limit (3 this period)`); `— of 4` when the count is missing.
 */
export function gaugeText(gauge: Gauge, cells = 8, kind: LimitKind = 'parallelism'): string {
	if (!limited(gauge.max)) return unlimitedUse(gauge.count, kind);
	if (gauge.count === undefined) return `— of ${formatCount(gauge.max)}`;
	return `${gaugeBar(gauge.count, gauge.max, cells)} ${formatCount(gauge.count)}/${formatCount(gauge.max)}`;
}

/** At the maximum is a warning (work waits), over it an error; below, no tone. */
export function gaugeTone(gauge: Gauge): Tone | undefined {
	if (gauge.count === undefined || !limited(gauge.max)) return undefined;
	if (gauge.count > gauge.max) return 'error';
	return gauge.count >= gauge.max ? 'warn' : undefined;
}

/** Whether the gauge has a maximum to measure against. */
export function isLimited(gauge: Gauge): boolean {
	return limited(gauge.max);
}
