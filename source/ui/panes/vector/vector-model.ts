/**
 * What the Vector pane shows of the vector index statistics: pure, over a liberal reading of
 * them. A counter the service left out is "—", a series it left out has no points.
 */
import { type IndexOverview, namespaceSummary } from '../../../api/index-overview.js';
import { VectorIndexStats, vectorSeriesFields } from '../../../api/schemas.js';
import { formatBytes } from '../../../format/bytes.js';
import { orMissing, text } from '../../../format/missing.js';
import { formatCount, formatInteger, formatMoney } from '../../../format/number.js';
import { seriesValues, todayIndex } from '../../../format/series.js';
import { sanitize } from '../../../text/sanitize.js';
import { countValues } from '../../kit/key-values/counts.js';
import { extraKeyValues } from '../../kit/key-values/extra.js';
import type { KeyValue } from '../../kit/key-values/key-values-view.js';
import type { SeriesRow } from '../../kit/series-grid/series-row.js';
import type { Column } from '../../kit/table/table-view.js';
import type { VectorIndexReading, VectorStats } from './endpoints.js';

/** The counters, then any field mqtop does not know, as it came. */
export function vectorCounters(stats: VectorStats): KeyValue[] {
	const counters = {
		vectors: 'current_vector_count',
		pending: 'pending_index_count',
		storage: 'storage_usage',
		'cost/month': 'monthly_cost',
		'queries today': 'daily_query_count',
		'queries month': 'monthly_query_count',
		'updates today': 'daily_update_count',
		'updates month': 'monthly_update_count',
		'reranks today': 'daily_rerank_count',
		'reranks month': 'monthly_rerank_count',
		'bandwidth month': 'monthly_bandwidth_usage',
	} as const;
	return [
		...countValues(stats, counters, formatInteger, {
			storage_usage: formatBytes,
			monthly_bandwidth_usage: formatBytes,
			monthly_cost: formatMoney,
		}),
		...extraKeyValues(VectorIndexStats, stats),
	];
}

type SeriesField = (typeof vectorSeriesFields)[number];

const labels: Record<SeriesField, string> = {
	query_throughput: 'query throughput',
	update_throughput: 'update throughput',
	query_latency_mean: 'query latency',
	query_latency_99: 'query latency p99',
	update_latency_mean: 'update latency',
	update_latency_99: 'update latency p99',
	embeds_latency_mean: 'embeds latency',
	embeds_latency_99: 'embeds latency p99',
	rerank_latency_mean: 'rerank latency',
	rerank_latency_99: 'rerank latency p99',
	vector_count: 'vector count',
	data_size: 'data size',
	daily_query_requests: 'queries by day',
	daily_update_requests: 'updates by day',
	daily_rerank_requests: 'reranks by day',
	daily_bandwidths: 'bandwidth by day',
};

const bytesFields = new Set<SeriesField>(['data_size', 'daily_bandwidths']);

/** Series of a point a day over the whole month: the days after today are not there yet. */
const dailyFields = new Set<SeriesField>([
	'daily_query_requests',
	'daily_update_requests',
	'daily_rerank_requests',
	'daily_bandwidths',
]);

function row(stats: VectorStats, field: SeriesField, now: number): SeriesRow {
	const series = stats[field];
	const values = seriesValues(series);
	return {
		id: field,
		label: labels[field],
		values: dailyFields.has(field) ? values.slice(0, todayIndex(series ?? [], now) + 1) : values,
		format: bytesFields.has(field) ? formatBytes : formatCount,
	};
}

/** A latency: its mean and p99 series, shown side by side. */
export interface LatencyPair {
	label: string;
	mean: SeriesRow;
	p99: SeriesRow;
}

const latencyPairs = [
	['query', 'query_latency_mean', 'query_latency_99'],
	['update', 'update_latency_mean', 'update_latency_99'],
	['embeds', 'embeds_latency_mean', 'embeds_latency_99'],
	['rerank', 'rerank_latency_mean', 'rerank_latency_99'],
] as const satisfies readonly (readonly [string, SeriesField, SeriesField])[];

export function vectorLatencies(stats: VectorStats, now: number): LatencyPair[] {
	return latencyPairs.map(([label, mean, p99]) => ({
		label,
		mean: row(stats, mean, now),
		p99: row(stats, p99, now),
	}));
}

/** Every series that is not a latency, in the order of `vectorSeriesFields`; those by day end today. */
export function vectorOtherSeries(stats: VectorStats, now: number): SeriesRow[] {
	const paired = new Set<SeriesField>(latencyPairs.flatMap(([, mean, p99]) => [mean, p99]));
	return vectorSeriesFields.filter((f) => !paired.has(f)).map((f) => row(stats, f, now));
}

/** One line on what the index is and holds: `HYBRID · 384 dims · COSINE · namespaces: "" 12, docs 3`. */
export function overviewLine(overview: IndexOverview | undefined): string {
	if (!overview) return 'index: reading…';
	const parts = [
		overview.type,
		overview.dimension ? `${overview.dimension} dims` : undefined,
		overview.type === 'SPARSE' ? undefined : overview.similarity,
		[overview.denseModel, overview.sparseModel].filter(Boolean).join(' + ') || undefined,
	].filter(Boolean) as string[];
	const namespaces = overview.namespaces
		? `namespaces: ${namespaceSummary(overview.namespaces)}`
		: `namespaces: — (${overview.unavailable ?? 'not listed'})`;
	return sanitize([...parts, namespaces].join(' · '));
}

/** The account's vector indexes as the list to pick from shows them. */
export const vectorIndexColumns: readonly Column<VectorIndexReading>[] = [
	{ header: 'name', cell: (i) => text(i.name), minWidth: 6, maxWidth: 30 },
	{ header: 'id', cell: (i) => sanitize(i.id), minWidth: 12, maxWidth: 40 },
	{ header: 'type', cell: (i) => text(i.index_type), minWidth: 5 },
	{ header: 'dims', cell: (i) => orMissing(i.dimension_count, String), align: 'right', minWidth: 4 },
	{ header: 'similarity', shortHeader: 'sim', cell: (i) => text(i.similarity_function), minWidth: 6 },
	{
		header: 'model',
		cell: (i) => text(i.embedding_model || i.sparse_embedding_model),
		minWidth: 5,
		maxWidth: 30,
	},
	{ header: 'region', cell: (i) => text(i.region), minWidth: 6 },
];
