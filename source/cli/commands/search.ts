/** `mqtop search <indexId>`: configuration, limits and indexes of a search database. */
import { toDialectNames } from '../../api/dialect.js';
import { readSearchOverview } from '../../api/index-overview.js';
import type { Liberal } from '../../api/liberal.js';
import { SearchIndex } from '../../api/schemas.js';
import { formatBytes } from '../../format/bytes.js';
import { missing, orMissing, text } from '../../format/missing.js';
import { formatLimit, formatNumber } from '../../format/number.js';
import { formatUnixSeconds } from '../../format/time.js';
import { sanitize } from '../../text/sanitize.js';
import { idArgument } from '../common.js';
import { type CommandSpec, defineGroup } from '../define.js';
import { maskFields } from '../mask-fields.js';
import type { Output } from '../output.js';
import { extraPairs, warnIssues } from '../reading.js';
import { summarizeSeries } from '../series.js';
import { searchCreateIndex, searchDeleteIndex, searchIndexes } from './index-admin.js';
import { searchTotals } from './index-totals.js';
import { searchDelete, searchFetch, searchQuery, searchRange } from './search-data.js';

type Index = Liberal<typeof SearchIndex>;

const secretFields = ['token', 'read_only_token'] as const satisfies (keyof Index)[];

const num = (value: number | undefined) => orMissing(value, formatNumber);

function throughputText(index: Index): string {
	if (index.throughput_vector === undefined) return missing;
	const throughput = summarizeSeries(index.throughput_vector, Date.now());
	return `latest ${num(throughput.latest)}, max ${num(throughput.max)} over ${throughput.points} points`;
}

/** `partnerWord` names the partner integration as the service does (`vercel` when deployed). */
function printIndex(out: Output, index: Index, partnerWord: string): void {
	out.pairs([
		['id', text(index.id)],
		['name', text(index.name)],
		['owner', text(index.customer_id)],
		['endpoint', text(index.endpoint)],
		['plan', text(index.type)],
		['region', text(index.region)],
		[
			`${partnerWord} email`,
			index.partner_email === '' ? { text: 'none', style: 'dim' } : text(index.partner_email),
		],
		['token', { text: text(index.token), style: 'dim' }],
		['read-only token', { text: text(index.read_only_token), style: 'dim' }],
		['created', orMissing(index.creation_time, formatUnixSeconds)],
		['input enrichment', orMissing(index.input_enrichment_enabled, (on) => (on ? 'on' : 'off'))],
		['max vectors', formatLimit(index.max_vector_count)],
		['max daily queries', formatLimit(index.max_daily_queries)],
		['max daily updates', formatLimit(index.max_daily_updates)],
		['max monthly reranks', formatLimit(index.max_monthly_reranks)],
		['max monthly bandwidth', formatLimit(index.max_monthly_bandwidth, formatBytes)],
		[
			'writes / queries per second',
			`${formatLimit(index.max_writes_per_second)} / ${formatLimit(index.max_query_per_second)}`,
		],
		[
			'reads / writes per request',
			`${formatLimit(index.max_reads_per_request)} / ${formatLimit(index.max_writes_per_request)}`,
		],
		['throughput', throughputText(index)],
		...extraPairs(SearchIndex, index),
	]);
}

export const searchConfig: CommandSpec = {
	name: 'search',
	summary: 'configuration, limits and indexes of a search database',
	usage: '<indexId>',
	description: [
		'With the embedded local service the id may be left out: its own index is used.',
		'`mqtop search query|fetch|range|delete` read and change its documents.',
	],
	arguments: { min: 0, max: 1 },
	api: 'management',
	secrets: true,
	async run(context) {
		const id = idArgument(context, 'indexId');
		const connection = await context.connect();
		const { dialect } = connection.client.settings;
		const reading = await connection.client.management.searchIndex(id(connection, 'searchIndexId'));
		warnIssues(context.out, 'search', reading.issues);
		// The tokens are read before they are masked: the indexes are listed with the read-only one.
		const overview = await readSearchOverview(reading.data);
		const index = maskFields(reading.data, secretFields, context.reveal);
		// Scripts get the field names of the service they talk to (`vercel_email` when deployed).
		if (context.out.json)
			context.out.document({ ...toDialectNames(index, dialect), indexes: overview.namespaces });
		else {
			printIndex(context.out, index, dialect.partnerWord);
			context.out.line();
			if (overview.namespaces)
				context.out.table(
					[
						{ header: 'index' },
						{ header: 'documents', align: 'right' },
						{ header: 'pending', align: 'right' },
					],
					overview.namespaces.map((n) => [
						n.name === '' ? '""' : sanitize(n.name),
						formatNumber(n.count),
						formatNumber(n.pending),
					]),
				);
			else context.out.line(`indexes: ${missing} (${sanitize(overview.unavailable ?? 'not listed')})`);
		}
		return undefined;
	},
};

/** `mqtop search [<id>]` shows the configuration; its subcommands, the documents. */
export const searchCommand = defineGroup(
	'search',
	"a search database's configuration, and its documents: query, fetch, range, delete; the databases: list, create, delete, the account's totals",
	[
		searchConfig,
		searchQuery,
		searchFetch,
		searchRange,
		searchDelete,
		searchIndexes,
		searchCreateIndex,
		searchDeleteIndex,
		searchTotals,
	],
	{ fallback: searchConfig, fallbackTakesArguments: true },
);
