/** `mqtop search <indexId>`: configuration and limits of a search index. */
import type { SearchIndex } from '../../api/schemas.js';
import { sanitize } from '../../text/sanitize.js';
import { idArgument } from '../common.js';
import { defineCommand } from '../define.js';
import { formatBytes, formatLimit, formatNumber, formatUnixSeconds, maskFields } from '../format.js';
import type { Output } from '../output.js';
import { summarizeSeries } from '../series.js';

const secretFields = ['token', 'read_only_token'] as const satisfies (keyof SearchIndex)[];

function printIndex(out: Output, index: SearchIndex): void {
	const throughput = summarizeSeries(index.throughput_vector, Date.now());
	out.pairs([
		['id', sanitize(index.id)],
		['name', sanitize(index.name)],
		['owner', sanitize(index.customer_id)],
		['endpoint', sanitize(index.endpoint)],
		['plan', sanitize(index.type)],
		['region', sanitize(index.region)],
		['partner', index.partner_email ? sanitize(index.partner_email) : { text: 'none', style: 'dim' }],
		['token', { text: sanitize(index.token), style: 'dim' }],
		['read-only token', { text: sanitize(index.read_only_token), style: 'dim' }],
		['created', formatUnixSeconds(index.creation_time)],
		['input enrichment', index.input_enrichment_enabled ? 'on' : 'off'],
		['max vectors', formatLimit(index.max_vector_count)],
		['max daily queries', formatLimit(index.max_daily_queries)],
		['max daily updates', formatLimit(index.max_daily_updates)],
		['max monthly reranks', formatLimit(index.max_monthly_reranks)],
		[
			'max monthly bandwidth',
			index.max_monthly_bandwidth === -1 ? 'unlimited' : formatBytes(index.max_monthly_bandwidth),
		],
		[
			'writes / queries per second',
			`${formatLimit(index.max_writes_per_second)} / ${formatLimit(index.max_query_per_second)}`,
		],
		[
			'reads / writes per request',
			`${formatLimit(index.max_reads_per_request)} / ${formatLimit(index.max_writes_per_request)}`,
		],
		[
			'throughput',
			`latest ${throughput.latest === undefined ? '-' : formatNumber(throughput.latest)}, max ${
				throughput.max === undefined ? '-' : formatNumber(throughput.max)
			} over ${throughput.points} points`,
		],
	]);
}

export const searchCommand = defineCommand({
	name: 'search',
	summary: 'configuration and limits of a search index',
	usage: '<indexId>',
	description: ['With the embedded local service the id may be left out: its own index is used.'],
	arguments: { min: 0, max: 1 },
	api: 'management',
	secrets: true,
	async run(context) {
		const id = idArgument(context, 'indexId');
		const connection = await context.connect();
		const index = maskFields(
			await connection.client.getSearchIndex(id(connection, 'searchIndexId')),
			secretFields,
			context.reveal,
		);
		if (context.out.json) context.out.document(index);
		else printIndex(context.out, index);
		return undefined;
	},
});
