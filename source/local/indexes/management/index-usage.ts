/**
 * What an index served, for its statistics (docs/protocol/vector.md#statistics; a search
 * database answers the same shape): counters, latencies and levels, and the statistics resource
 * built from them. Series rules: as the message-queue statistics (period series of 60 or 240
 * points, daily series over the days of the current UTC month, `days` naming them).
 */
import type { StatsPeriod, VectorIndexStats } from '../../../api/schemas.js';
import { Gauge } from '../../stats/gauge.js';
import { LatencyRecorder } from '../../stats/latency.js';
import {
	dayStart,
	type Interval,
	monthDayNames,
	monthSeries,
	monthStart,
	periodIntervals,
	seriesOf,
} from '../../stats/series.js';
import { SnapshotParts, type Snapshotting } from '../../stats/snapshot.js';
import { Counter, dayMs } from '../../stats/time-buckets.js';

/** Dollars per request (query or update), the pay-as-you-go price. */
const pricePerRequest = 0.4 / 100_000;

/** One index's part of the account's totals. */
export interface IndexMonthTotals {
	/** Records held now. */
	records: number;
	/** Queries and updates this month. */
	requests: number;
	/** Bytes moved this month. */
	bandwidth: number;
	/** Bytes stored now. */
	storage: number;
	/** Dollars this month. */
	cost: number;
	/** Reranks this month. */
	reranks: number;
}

export class IndexUsage extends SnapshotParts {
	protected readonly queries = new Counter();
	protected readonly updates = new Counter();
	protected readonly reranks = new Counter();
	protected readonly bandwidth = new Counter();
	protected readonly queryLatency = new LatencyRecorder();
	protected readonly updateLatency = new LatencyRecorder();
	protected readonly embedLatency = new LatencyRecorder();
	protected readonly rerankLatency = new LatencyRecorder();
	protected readonly vectorCount = new Gauge();
	protected readonly dataSize = new Gauge();
	private pending = 0;

	/** `count` queries answered in `latencyMs`, moving `bytes` over the wire. */
	recordQuery(t: number, latencyMs: number, bytes = 0, count = 1): void {
		this.queries.add(t, count);
		this.queryLatency.record(t, latencyMs);
		this.bandwidth.add(t, bytes);
	}

	/** `count` updates (records upserted or deleted, an update, a reset) answered in `latencyMs`. */
	recordUpdate(t: number, latencyMs: number, bytes = 0, count = 1): void {
		this.updates.add(t, count);
		this.updateLatency.record(t, latencyMs);
		this.bandwidth.add(t, bytes);
	}

	recordEmbedding(t: number, latencyMs: number): void {
		this.embedLatency.record(t, latencyMs);
	}

	recordRerank(t: number, latencyMs: number): void {
		this.reranks.add(t);
		this.rerankLatency.record(t, latencyMs);
	}

	/** The index's size after a change: vectors held and bytes stored. */
	setSize(t: number, vectors: number, bytes: number): void {
		this.vectorCount.set(t, vectors);
		this.dataSize.set(t, bytes);
	}

	setPending(count: number): void {
		this.pending = count;
	}

	protected parts(): Record<string, Snapshotting> {
		return {
			queries: this.queries,
			updates: this.updates,
			reranks: this.reranks,
			bandwidth: this.bandwidth,
			queryLatency: this.queryLatency,
			updateLatency: this.updateLatency,
			embedLatency: this.embedLatency,
			rerankLatency: this.rerankLatency,
			vectorCount: this.vectorCount,
			dataSize: this.dataSize,
		};
	}

	/** Requests (queries and updates) per second over the last hour: the resource's `throughput_vector`. */
	protected throughput(now: number) {
		return seriesOf(
			periodIntervals('1h', now),
			(i) =>
				(this.queries.sum(i.start, i.end) + this.updates.sum(i.start, i.end)) / ((i.end - i.start) / 1000),
		);
	}

	/** What counts toward the account's totals (index-totals.ts): now, and this UTC month so far. */
	monthTotals(now: number): IndexMonthTotals {
		const month = monthStart(now);
		const tomorrow = dayStart(now) + dayMs;
		const requests = this.queries.sum(month, tomorrow) + this.updates.sum(month, tomorrow);
		return {
			records: this.vectorCount.current,
			requests,
			bandwidth: this.bandwidth.sum(month, tomorrow),
			storage: this.dataSize.current,
			cost: requests * pricePerRequest,
			reranks: this.reranks.sum(month, tomorrow),
		};
	}

	stats(period: StatsPeriod, now: number): VectorIndexStats {
		const intervals = periodIntervals(period, now);
		const sum = (c: Counter) => (i: Interval) => c.sum(i.start, i.end);
		const perSecond = (c: Counter) => (i: Interval) => c.sum(i.start, i.end) / ((i.end - i.start) / 1000);
		const mean = (l: LatencyRecorder) => seriesOf(intervals, (i) => l.mean(i.start, i.end));
		const p99 = (l: LatencyRecorder) => seriesOf(intervals, (i) => l.percentile(i.start, i.end, 99));
		const level = (g: Gauge) => seriesOf(intervals, (i) => g.at(Math.min(now, i.end - 1)));
		const today = dayStart(now);
		const tomorrow = today + dayMs;
		const month = monthStart(now);
		const monthlyQueries = this.queries.sum(month, tomorrow);
		const monthlyUpdates = this.updates.sum(month, tomorrow);
		return {
			pending_index_count: this.pending,
			current_vector_count: this.vectorCount.current,
			daily_query_count: this.queries.sum(today, tomorrow),
			daily_update_count: this.updates.sum(today, tomorrow),
			monthly_query_count: monthlyQueries,
			monthly_update_count: monthlyUpdates,
			monthly_bandwidth_usage: this.bandwidth.sum(month, tomorrow),
			storage_usage: this.dataSize.current,
			monthly_cost: (monthlyQueries + monthlyUpdates) * pricePerRequest,
			daily_update_requests: monthSeries(now, sum(this.updates)),
			daily_query_requests: monthSeries(now, sum(this.queries)),
			daily_bandwidths: monthSeries(now, sum(this.bandwidth)),
			days: monthDayNames(now),
			query_throughput: seriesOf(intervals, perSecond(this.queries)),
			update_throughput: seriesOf(intervals, perSecond(this.updates)),
			query_latency_mean: mean(this.queryLatency),
			query_latency_99: p99(this.queryLatency),
			update_latency_mean: mean(this.updateLatency),
			update_latency_99: p99(this.updateLatency),
			embeds_latency_mean: mean(this.embedLatency),
			embeds_latency_99: p99(this.embedLatency),
			vector_count: level(this.vectorCount),
			data_size: level(this.dataSize),
			daily_rerank_count: this.reranks.sum(today, tomorrow),
			monthly_rerank_count: this.reranks.sum(month, tomorrow),
			daily_rerank_requests: monthSeries(now, sum(this.reranks)),
			rerank_latency_mean: mean(this.rerankLatency),
			rerank_latency_99: p99(this.rerankLatency),
		};
	}
}
