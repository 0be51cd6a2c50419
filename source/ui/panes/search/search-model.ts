/**
 * What the Search pane shows of a search index: pure, over a liberal reading of it. What the
 * service left out is "—"; a type or region nobody listed is shown as it came.
 */
import { type IndexOverview, namespaceSummary } from '../../../api/index-overview.js';
import { SearchIndex } from '../../../api/schemas.js';
import { formatBytes } from '../../../format/bytes.js';
import { orMissing, text } from '../../../format/missing.js';
import { formatLimit } from '../../../format/number.js';
import { formatUnixSeconds } from '../../../format/time.js';
import { maskSecret } from '../../../text/mask.js';
import { sanitize } from '../../../text/sanitize.js';
import { countValues } from '../../kit/key-values/counts.js';
import { extraKeyValues } from '../../kit/key-values/extra.js';
import type { KeyValue } from '../../kit/key-values/key-values-view.js';
import type { Column } from '../../kit/table/table-view.js';
import type { SearchIndexReading } from './endpoints.js';

/** The configuration, then any field mqtop does not know; the name is the pane's title. */
export function searchConfiguration(
	index: SearchIndexReading,
	reveal: boolean,
	partnerWord: string,
): KeyValue[] {
	const secret = (value: string | undefined) => orMissing(value, (v) => maskSecret(v, reveal));
	return [
		{ label: 'id', value: sanitize(index.id), wide: true },
		{ label: 'endpoint', value: text(index.endpoint), wide: true },
		{ label: 'token', value: secret(index.token), wide: true },
		{ label: 'read-only token', value: secret(index.read_only_token), wide: true },
		{ label: 'customer', value: text(index.customer_id) },
		{ label: 'type', value: text(index.type) },
		{ label: 'region', value: text(index.region) },
		{
			label: `${sanitize(partnerWord)} email`,
			value: orMissing(index.partner_email, (email) => (email ? sanitize(email) : 'none')),
		},
		{ label: 'created', value: orMissing(index.creation_time, formatUnixSeconds) },
		{ label: 'enrichment', value: orMissing(index.input_enrichment_enabled, (on) => (on ? 'on' : 'off')) },
		...extraKeyValues(SearchIndex, index),
	];
}

export function searchLimits(index: SearchIndexReading): KeyValue[] {
	const limits = {
		vectors: 'max_vector_count',
		'queries/day': 'max_daily_queries',
		'updates/day': 'max_daily_updates',
		'reranks/month': 'max_monthly_reranks',
		'bandwidth/month': 'max_monthly_bandwidth',
		'queries/s': 'max_query_per_second',
		'writes/s': 'max_writes_per_second',
		'reads/request': 'max_reads_per_request',
		'writes/request': 'max_writes_per_request',
	} as const;
	return countValues(index, limits, (v) => formatLimit(v), {
		max_monthly_bandwidth: (v) => formatLimit(v, formatBytes),
	});
}

/** The search database's indexes in one line: `indexes: docs 12, movies 3`. */
export function searchIndexesLine(overview: IndexOverview | undefined): string {
	if (!overview) return 'indexes: reading…';
	if (!overview.namespaces) return sanitize(`indexes: — (${overview.unavailable ?? 'not listed'})`);
	if (overview.namespaces.length === 0) return 'indexes: none yet';
	return sanitize(`indexes: ${namespaceSummary(overview.namespaces)}`);
}

/** The account's search databases as the list to pick from shows them. */
export const searchIndexColumns: readonly Column<SearchIndexReading>[] = [
	{ header: 'name', cell: (i) => text(i.name), minWidth: 6, maxWidth: 30 },
	{ header: 'id', cell: (i) => sanitize(i.id), minWidth: 12, maxWidth: 40 },
	{ header: 'type', cell: (i) => text(i.type), minWidth: 5 },
	{ header: 'region', cell: (i) => text(i.region), minWidth: 6 },
	{ header: 'endpoint', cell: (i) => text(i.endpoint), minWidth: 10 },
];
