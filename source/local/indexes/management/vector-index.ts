/**
 * A vector index of the local service as the management API shows it: its counters, latencies and
 * levels with the statistics resource (docs/protocol/vector.md#statistics) built from them, and the
 * index resource (shape, endpoint, tokens, limits; docs/protocol/vector.md#management-resources).
 * The data plane calls the record methods. Series rules: as the message-queue statistics (period
 * series of 60 or 240 points, daily series over the days of the current UTC month, `days` naming
 * them).
 */
import type { StatsPeriod, VectorIndexResource, VectorIndexStats } from '../../../api/schemas.js';
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
import { reportedLimits } from '../common/records.js';
import type { VectorIndexShape } from '../vector/database.js';
import type { IndexTokens } from './search-index.js';

/** Dollars per request (query or update), the pay-as-you-go price. */
const pricePerRequest = 0.4 / 100_000;

export interface VectorIndexIdentity {
	id: string;
	name: string;
	createdAt: number;
	ownerEmail: string;
	endpoint: string;
	tokens: IndexTokens;
	shape: VectorIndexShape;
	/** The embedding models of its dense and sparse parts. */
	models: { dense: string | undefined; sparse: string | undefined };
}

export class VectorIndex extends SnapshotParts {
	private readonly queries = new Counter();
	private readonly updates = new Counter();
	private readonly reranks = new Counter();
	private readonly bandwidth = new Counter();
	private readonly queryLatency = new LatencyRecorder();
	private readonly updateLatency = new LatencyRecorder();
	private readonly embedLatency = new LatencyRecorder();
	private readonly rerankLatency = new LatencyRecorder();
	private readonly vectorCount = new Gauge();
	private readonly dataSize = new Gauge();
	private pending = 0;

	readonly id: string;
	readonly name: string;

	constructor(readonly identity: VectorIndexIdentity) {
		super();
		this.id = identity.id;
		this.name = identity.name;
	}

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

	/** The index resource of the management API (GET /v2/vector/index/{id}). */
	resource(now: number): VectorIndexResource {
		const { identity } = this;
		const { shape } = identity;
		return {
			customer_id: identity.ownerEmail,
			id: identity.id,
			name: identity.name,
			similarity_function: shape.similarity,
			dimension_count: shape.type === 'SPARSE' ? 0 : shape.dimension,
			embedding_model: identity.models.dense ?? '',
			sparse_embedding_model: identity.models.sparse ?? '',
			endpoint: identity.endpoint,
			token: identity.tokens.token,
			read_only_token: identity.tokens.readOnlyToken,
			type: 'payg',
			region: 'us-central1',
			index_type: shape.type,
			max_vector_count: 100_000_000,
			...reportedLimits,
			max_total_metadata_size: -1,
			creation_time: Math.floor(identity.createdAt / 1000),
			throughput_vector: seriesOf(
				periodIntervals('1h', now),
				(i) =>
					(this.queries.sum(i.start, i.end) + this.updates.sum(i.start, i.end)) / ((i.end - i.start) / 1000),
			),
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
