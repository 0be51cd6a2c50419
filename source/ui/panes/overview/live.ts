/** The Overview's live charts, from what the live tracker keeps: pure. */
import { formatBytes } from '../../../format/bytes.js';
import { formatCount } from '../../../format/number.js';
import { type Columns, levelColumns, rateColumns, typicalSpan } from '../../data/live/history.js';
import type { LiveState, RateMetric } from '../../data/live/tracker.js';
import type { Tone } from '../../theme/theme.js';

export interface LiveChart {
	id: RateMetric | 'deadLetters';
	title: string;
	/** A value with its unit. */
	format: (value: number) => string;
	tone: Tone;
	/** Why some of it is estimated, or what it waits for. */
	note: string | undefined;
	/** Time a column stands for: the time between polls as they come. */
	stepMs: number;
	columns(width: number): Columns;
}

export const perSecond = (value: number) => `${formatCount(value)}/s`;
export const bytesPerSecond = (value: number) => `${formatBytes(value)}/s`;

const titles: Record<RateMetric, string> = {
	delivered: 'delivered',
	retried: 'retried',
	failed: 'failed',
	requests: 'requests',
	bandwidth: 'bandwidth',
};

const tones: Record<RateMetric, Tone> = {
	delivered: 'ok',
	retried: 'warn',
	failed: 'error',
	requests: 'accent',
	bandwidth: 'info',
};

/** What a rate's newest value rests on, when it is not counted one by one since the poll before. */
function noteOf(state: LiveState, metric: RateMetric, stepMs: number): string | undefined {
	const series = state.rates[metric];
	const newest = series.samples.at(-1);
	if (!newest) {
		if (state.stats === 'waiting' && state.logs !== 'listed') return 'waiting for the service';
		return 'from the second poll on';
	}
	if (newest.count === null) return 'the statistics changed period';
	if (!newest.estimate && newest.spanMs <= stepMs * 1.5) return undefined;
	if (series.source === 'stats' && state.stats === 'interval') return 'mean of the last interval';
	if (newest.spanMs > stepMs * 1.5) return 'spread over missed polls';
	return 'scaled from the newest log pages';
}

/** The charts in the order they are drawn: deliveries and their outcomes, then the load. */
export function liveCharts(state: LiveState, refreshMs: number): LiveChart[] {
	const rate = (metric: RateMetric): LiveChart => {
		const stepMs = typicalSpan(state.rates[metric].samples, refreshMs);
		return {
			id: metric,
			title:
				metric === 'requests' && state.rates.requests.source === 'logs' ? 'messages created' : titles[metric],
			format: metric === 'bandwidth' ? bytesPerSecond : perSecond,
			tone: tones[metric],
			note: noteOf(state, metric, stepMs),
			stepMs,
			columns: (width) => rateColumns(state.rates[metric].samples, width, stepMs),
		};
	};
	return [
		rate('delivered'),
		rate('retried'),
		rate('failed'),
		rate('requests'),
		rate('bandwidth'),
		{
			id: 'deadLetters',
			title: 'dead letters',
			format: formatCount,
			tone: 'special',
			note: state.deadLetters.length === 0 ? 'from the statistics' : undefined,
			stepMs: typicalSpan(state.rates.bandwidth.samples, refreshMs),
			columns: (width) => levelColumns(state.deadLetters, width),
		},
	];
}

/** Where the rates come from, in a few words. */
export function sourcesText(state: LiveState): string {
	const messages =
		state.rates.delivered.source === 'logs'
			? 'messages from the delivery logs'
			: state.rates.delivered.source === 'stats'
				? 'messages from the statistics'
				: undefined;
	const stats =
		state.stats === 'live'
			? 'requests and bandwidth from the statistics'
			: state.stats === 'interval'
				? 'bandwidth from the statistics, per interval'
				: undefined;
	return [messages, stats].filter(Boolean).join(' · ');
}
