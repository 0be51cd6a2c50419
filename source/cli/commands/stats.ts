/** `mqtop stats mq <accountId>` and `mqtop stats vector <indexId>`: usage statistics. */
import type { MqClient } from '../../api/client.js';
import { type IndexOverview, readVectorOverview } from '../../api/index-overview.js';
import type { Liberal, Reading } from '../../api/liberal.js';
import { MqStats, type StatsPeriod, VectorIndexStats, vectorSeriesFields } from '../../api/schemas.js';
import { formatBytes } from '../../format/bytes.js';
import { missing, orMissing } from '../../format/missing.js';
import { formatMoney, formatNumber } from '../../format/number.js';
import { sanitize } from '../../text/sanitize.js';
import { idArgument, periodFlag, readPeriod } from '../common.js';
import type { Connection } from '../connect.js';
import { type CommandSpec, defineGroup } from '../define.js';
import { maskFields } from '../mask-fields.js';
import type { Output } from '../output.js';
import { extraPairs, warnIssues } from '../reading.js';
import { type PointLike, summarizeSeries } from '../series.js';

const num = (value: number | undefined) => orMissing(value, formatNumber);
const money = (value: number | undefined) => orMissing(value, formatMoney);
const bytes = (value: number | undefined) => orMissing(value, formatBytes);

function seriesTable(
	out: Output,
	rows: readonly (readonly [string, readonly PointLike[] | undefined])[],
): void {
	const now = Date.now();
	out.table(
		[
			{ header: 'series' },
			{ header: 'points', align: 'right' },
			{ header: 'total', align: 'right' },
			{ header: 'latest', align: 'right' },
			{ header: 'max', align: 'right' },
		],
		rows.map(([name, series]) => {
			if (series === undefined) return [sanitize(name), missing, missing, missing, missing];
			const s = summarizeSeries(series, now);
			const points = s.gaps > 0 ? `${s.points} (${s.gaps} gaps)` : String(s.points);
			return [sanitize(name), points, formatNumber(s.total), num(s.latest), num(s.max)];
		}),
	);
}

function printMqStats(out: Output, id: string, period: string, stats: Liberal<typeof MqStats>): void {
	out.pairs([
		['account', sanitize(id)],
		['period', period],
		['monthly billing', money(stats.total_monthly_billing)],
		['dead letters', num(stats.dlq_message_count)],
		...extraPairs(MqStats, stats),
	]);
	out.line();
	seriesTable(out, [
		['daily_requests', stats.daily_requests],
		['daily_billings', stats.daily_billings],
		['daily_bandwidths', stats.daily_bandwidths],
		['daily_bandwidth_used', stats.daily_bandwidth_used],
		['daily_used', stats.daily_used],
		['daily_used_workflow', stats.daily_used_workflow],
		...(stats.daily_qstash_messages ?? []).map((n) => [`messages: ${n.id}`, n.data_points] as const),
		...(stats.daily_workflow_messages ?? []).map(
			(n) => [`workflow messages: ${n.id}`, n.data_points] as const,
		),
	]);
}

/** A vector index's statistics with what it is and its namespaces (`index` in --json). */
type VectorReading = Liberal<typeof VectorIndexStats> & { index: IndexOverview };

function printVectorStats(out: Output, id: string, period: string, reading: VectorReading): void {
	const { index, ...stats } = reading;
	const shape = [
		index.type,
		index.dimension ? `${index.dimension} dimensions` : undefined,
		index.type === 'SPARSE' ? undefined : index.similarity,
	].filter(Boolean);
	const models = [index.denseModel, index.sparseModel].filter(Boolean);
	out.pairs([
		['index', sanitize(id)],
		['type', shape.length > 0 ? sanitize(shape.join(', ')) : missing],
		['embedding models', models.length > 0 ? sanitize(models.join(', ')) : missing],
		['period', period],
		['vectors', num(stats.current_vector_count)],
		['pending', num(stats.pending_index_count)],
		['queries today / month', `${num(stats.daily_query_count)} / ${num(stats.monthly_query_count)}`],
		['updates today / month', `${num(stats.daily_update_count)} / ${num(stats.monthly_update_count)}`],
		['reranks today / month', `${num(stats.daily_rerank_count)} / ${num(stats.monthly_rerank_count)}`],
		['storage', bytes(stats.storage_usage)],
		['bandwidth this month', bytes(stats.monthly_bandwidth_usage)],
		['cost this month', money(stats.monthly_cost)],
		...extraPairs(VectorIndexStats, stats),
	]);
	out.line();
	if (index.namespaces) {
		out.table(
			[{ header: 'namespace' }, { header: 'vectors', align: 'right' }, { header: 'pending', align: 'right' }],
			index.namespaces.map((n) => [
				n.name === '' ? '"" (default)' : sanitize(n.name),
				formatNumber(n.count),
				formatNumber(n.pending),
			]),
		);
	} else {
		out.line(`namespaces: ${missing} (${sanitize(index.unavailable ?? 'not listed')})`);
	}
	out.line();
	seriesTable(
		out,
		vectorSeriesFields.map((field) => [field, stats[field]]),
	);
}

const localIdNote =
	'With the embedded local service the id may be left out: its own account or index is used.';

/** One `stats` command: its id argument (the embedded service's own when left out), then the read. */
function statsSubcommand<T>(spec: {
	name: string;
	summary: string;
	argument: string;
	own: keyof NonNullable<Connection['local']>;
	read: (client: MqClient, id: string, period: StatsPeriod) => Promise<Reading<T>>;
	print: (out: Output, id: string, period: string, stats: T) => void;
	/** Masks the secrets the reading carries, unless `reveal` (offers --reveal). */
	mask?: (stats: T, reveal: boolean) => T;
}): CommandSpec {
	return {
		name: spec.name,
		summary: spec.summary,
		usage: `<${spec.argument}>`,
		description: [localIdNote],
		arguments: { min: 0, max: 1 },
		flags: periodFlag,
		...(spec.mask ? { secrets: true } : {}),
		api: 'management',
		async run(context) {
			const period = readPeriod(context.args);
			const id = idArgument(context, spec.argument);
			const connection = await context.connect();
			const resolved = id(connection, spec.own);
			const { data: read, issues } = await spec.read(connection.client, resolved, period);
			const stats = spec.mask ? spec.mask(read, context.reveal) : read;
			warnIssues(context.out, spec.name, issues);
			if (context.out.json) context.out.document(stats);
			else spec.print(context.out, resolved, period, stats);
			return undefined;
		},
	};
}

export const statsMq = statsSubcommand({
	name: 'stats mq',
	summary: 'usage statistics of a message-queue account',
	argument: 'accountId',
	own: 'accountId',
	read: (client, id, period) => client.management.mqStats(id, period),
	print: printMqStats,
});

/** The secrets of a vector index's resource. */
const resourceSecrets = ['token', 'read_only_token'] as const;

export const statsVector = statsSubcommand({
	name: 'stats vector',
	summary: 'usage statistics of a vector index, with its type and namespaces',
	argument: 'indexId',
	own: 'vectorIndexId',
	async read(client, id, period): Promise<Reading<VectorReading>> {
		const stats = await client.management.vectorStats(id, period);
		const overview = await readVectorOverview(client, id);
		return { data: { ...stats.data, index: overview.data }, issues: [...stats.issues, ...overview.issues] };
	},
	print: printVectorStats,
	// The index's resource goes into --json as the service sent it, its tokens masked.
	mask: (stats, reveal) => {
		const { resource } = stats.index;
		if (!resource) return stats;
		return { ...stats, index: { ...stats.index, resource: maskFields(resource, resourceSecrets, reveal) } };
	},
});

export const statsCommand = defineGroup('stats', 'usage statistics of an account or a vector index', [
	statsMq,
	statsVector,
]);
