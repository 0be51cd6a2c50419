/** What the Search pane shows of a search index: pure, over SearchIndex. */
import type { SearchIndex } from '../../../api/schemas.js';
import { formatBytes } from '../../../format/bytes.js';
import { formatLimit } from '../../../format/number.js';
import { formatUnixSeconds } from '../../../format/time.js';
import { maskSecret } from '../../../text/mask.js';
import { sanitize } from '../../../text/sanitize.js';
import type { KeyValue } from '../../kit/key-values/view.js';

/** The configuration; the name is the pane's title. */
export function searchConfiguration(index: SearchIndex, reveal: boolean): KeyValue[] {
	return [
		{ label: 'id', value: sanitize(index.id), wide: true },
		{ label: 'endpoint', value: sanitize(index.endpoint), wide: true },
		{ label: 'token', value: maskSecret(index.token, reveal), wide: true },
		{ label: 'read-only token', value: maskSecret(index.read_only_token, reveal), wide: true },
		{ label: 'customer', value: sanitize(index.customer_id) },
		{ label: 'type', value: index.type },
		{ label: 'region', value: index.region },
		{ label: 'partner', value: index.partner_email ? sanitize(index.partner_email) : 'none' },
		{ label: 'created', value: formatUnixSeconds(index.creation_time) },
		{ label: 'enrichment', value: index.input_enrichment_enabled ? 'on' : 'off' },
	];
}

export function searchLimits(index: SearchIndex): KeyValue[] {
	return [
		{ label: 'vectors', value: formatLimit(index.max_vector_count) },
		{ label: 'queries/day', value: formatLimit(index.max_daily_queries) },
		{ label: 'updates/day', value: formatLimit(index.max_daily_updates) },
		{ label: 'reranks/month', value: formatLimit(index.max_monthly_reranks) },
		{ label: 'bandwidth/month', value: formatLimit(index.max_monthly_bandwidth, formatBytes) },
		{ label: 'queries/s', value: formatLimit(index.max_query_per_second) },
		{ label: 'writes/s', value: formatLimit(index.max_writes_per_second) },
		{ label: 'reads/request', value: formatLimit(index.max_reads_per_request) },
		{ label: 'writes/request', value: formatLimit(index.max_writes_per_request) },
	];
}
