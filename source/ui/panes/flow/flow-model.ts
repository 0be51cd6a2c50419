/**
 * What the Flow control pane shows of a key: its wait list and trend, its parallelism and rate
 * in use against their maxima as bars, pinned or not, paused or not. Pure, every network
 * string sanitised.
 */
import { formatInteger } from '../../../format/number.js';
import { formatSpan } from '../../../format/time.js';
import { sanitize } from '../../../text/sanitize.js';
import { gaugeText, gaugeTone, isLimited } from '../../kit/gauge/gauge.js';
import type { Column } from '../../kit/table/table-view.js';
import { trendColumn } from '../../kit/trend/column.js';
import type { Trends } from '../../kit/trend/trend-state.js';
import type { FlowKey, GlobalParallelism } from './endpoints.js';

const missing = '—';
const pinned = (is: boolean | undefined) => (is ? ' pinned' : '');

export const parallelismGauge = (k: FlowKey) => ({ count: k.parallelismCount, max: k.parallelismMax });
export const rateGauge = (k: FlowKey) => ({ count: k.rateCount, max: k.rateMax });

/** `per 1m` for a rate period in seconds. */
export function perPeriod(seconds: number | undefined): string {
	return seconds === undefined || seconds <= 0 ? '' : ` per ${formatSpan(seconds * 1000)}`;
}

export function flowColumns(trends: Trends): Column<FlowKey>[] {
	return [
		{ header: 'key', cell: (k) => sanitize(k.flowControlKey), minWidth: 8, maxWidth: 40 },
		{
			header: 'state',
			cell: (k) => (k.isPaused === undefined ? missing : k.isPaused ? 'paused' : 'active'),
			tone: (k) => (k.isPaused ? 'warn' : k.isPaused === false ? 'ok' : undefined),
			minWidth: 6,
		},
		{
			header: 'waiting',
			cell: (k) => (k.waitListSize === undefined ? missing : formatInteger(k.waitListSize)),
			value: (k) => k.waitListSize,
			align: 'right',
		},
		trendColumn('trend', trends, (k) => k.flowControlKey),
		{
			header: 'parallelism',
			cell: (k) => `${gaugeText(parallelismGauge(k))}${pinned(k.isPinnedParallelism)}`,
			value: (k) => k.parallelismCount,
			tone: (k) => gaugeTone(parallelismGauge(k)),
			minWidth: 11,
		},
		{
			header: 'rate',
			cell: (k) =>
				`${gaugeText(rateGauge(k), 8, 'rate')}${isLimited(rateGauge(k)) ? perPeriod(k.ratePeriod) : ''}${pinned(k.isPinnedRate)}`,
			value: (k) => k.rateCount,
			tone: (k) => gaugeTone(rateGauge(k)),
			minWidth: 8,
		},
	];
}

/** The header line: the global parallelism as a bar, and what the keys hold. */
export function flowSummary(keys: readonly FlowKey[], global: GlobalParallelism | undefined): string {
	const waiting = keys.reduce((sum, k) => sum + (k.waitListSize ?? 0), 0);
	const paused = keys.filter((k) => k.isPaused).length;
	const parts = [
		`global parallelism ${global ? gaugeText({ count: global.parallelismCount, max: global.parallelismMax }, 10) : missing}`,
		`${formatInteger(keys.length)} key${keys.length === 1 ? '' : 's'}`,
		paused ? `${paused} paused` : '',
		`${formatInteger(waiting)} waiting`,
	];
	return parts.filter(Boolean).join(' · ');
}

/** `31 waiting messages`, or `its waiting messages` when the size is not known. */
export function waitingText(key: FlowKey): string {
	if (key.waitListSize === undefined) return 'its waiting messages';
	return `${formatInteger(key.waitListSize)} waiting message${key.waitListSize === 1 ? '' : 's'}`;
}
