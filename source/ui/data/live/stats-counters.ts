/**
 * Counts between two polls of the usage statistics. A period series holds one point per
 * interval (a minute for 1h); the newest point is the interval still open. Where the service
 * fills it as things happen (the local service does), two polls tell what happened between
 * them exactly: the growth of the point the first poll saw newest, plus every point after it.
 * Where the service leaves the open interval empty (`y` null, as the deployed service may),
 * only closed intervals are known: their mean rate is the best there is, an estimate. Pure.
 */
import { parseStatsTimestamp } from '../../../api/timestamp.js';
import type { UsageStats } from './endpoints.js';

export const statsCounters = ['requests', 'bandwidth', 'delivered', 'retried', 'failed'] as const;
export type StatsCounter = (typeof statsCounters)[number];

interface TailPoint {
	x: number;
	y: number | null;
}

/** What the rates keep of one statistics answer. */
export interface StatsReading {
	/** When it was read (the poll's clock). */
	at: number;
	/** The request it answered (account and period): another period's points do not line up. */
	params: string;
	/** Whether the open interval is counted as it goes. */
	live: boolean;
	/** Spacing of the points, from the two newest. */
	spacingMs: number | undefined;
	/** The newest points of each counter, oldest first. */
	tails: Partial<Record<StatsCounter, readonly TailPoint[]>>;
	/** Messages in the dead letter queue now. */
	deadLetters: number | undefined;
}

/** Points kept per counter: enough to line up two polls a few intervals apart. */
const tailLength = 8;

/** The newest points of a series as read: a point without a readable time is left out. */
function tailOf(
	series: readonly { x?: string | number | undefined; y?: number | null | undefined }[] | undefined,
): TailPoint[] | undefined {
	if (!series || series.length === 0) return undefined;
	const points: TailPoint[] = [];
	for (const point of series.slice(-tailLength)) {
		const x = point.x === undefined ? undefined : parseStatsTimestamp(point.x);
		if (x === undefined) continue;
		points.push({ x, y: typeof point.y === 'number' && Number.isFinite(point.y) ? point.y : null });
	}
	return points.length > 0 ? points : undefined;
}

const outcomeIds: Record<'delivered' | 'retried' | 'failed', string> = {
	delivered: 'delivered',
	retried: 'retry',
	failed: 'failed',
};

export function readStats(stats: UsageStats, params: string, at: number): StatsReading {
	const named = (id: string) => stats.daily_qstash_messages?.find((s) => s.id === id)?.data_points;
	const tails: StatsReading['tails'] = {
		requests: tailOf(stats.daily_used),
		bandwidth: tailOf(stats.daily_bandwidth_used),
		delivered: tailOf(named(outcomeIds.delivered)),
		retried: tailOf(named(outcomeIds.retried)),
		failed: tailOf(named(outcomeIds.failed)),
	};
	const requests = tails.requests ?? [];
	const newest = requests.at(-1);
	const before = requests.at(-2);
	return {
		at,
		params,
		live: newest !== undefined && newest.y !== null,
		spacingMs: newest && before && newest.x > before.x ? newest.x - before.x : undefined,
		tails,
		deadLetters:
			typeof stats.dlq_message_count === 'number' && Number.isFinite(stats.dlq_message_count)
				? stats.dlq_message_count
				: undefined,
	};
}

/** A count over a span of time, as the rates keep it. */
export interface Counted {
	count: number;
	spanMs: number;
	estimate: boolean;
}

/** What happened between two live readings: exact; undefined when their points do not line up. */
function liveDelta(before: readonly TailPoint[], after: readonly TailPoint[]): number | undefined {
	const last = before.at(-1);
	if (!last || last.y === null) return undefined;
	const same = after.find((p) => p.x === last.x);
	if (!same || same.y === null) return undefined;
	let delta = same.y - last.y;
	for (const point of after) if (point.x > last.x) delta += point.y ?? 0;
	// A counter never shrinks; a service that recounts a point is not a negative rate.
	return Math.max(0, delta);
}

/** The mean rate of the newest closed interval, over the span between the two polls. */
function intervalEstimate(after: StatsReading, counter: StatsCounter, spanMs: number): Counted | undefined {
	const tail = after.tails[counter];
	const closed = tail?.at(-2);
	if (!closed || closed.y === null || !after.spacingMs) return undefined;
	return { count: (closed.y / after.spacingMs) * spanMs, spanMs, estimate: true };
}

/** What one counter counted between two readings, exactly or as an estimate; undefined when unknown. */
export function countBetween(
	before: StatsReading,
	after: StatsReading,
	counter: StatsCounter,
): Counted | undefined {
	const spanMs = after.at - before.at;
	if (spanMs <= 0) return undefined;
	if (!after.live) return intervalEstimate(after, counter, spanMs);
	const a = before.tails[counter];
	const b = after.tails[counter];
	if (before.params !== after.params || !before.live || !a || !b) return undefined;
	const delta = liveDelta(a, b);
	return delta === undefined ? undefined : { count: delta, spanMs, estimate: false };
}
