/**
 * What an index is and what it holds, for the Vector and Search panes and `mqtop stats`: its
 * type and shape from the management API, and its namespaces (a search database's indexes)
 * from its own data plane's info, read with the read-only token the management API lists.
 * Either part may be missing; the overview then says why instead of failing.
 */
import type { MqClient } from './client.js';
import { ApiError } from './errors.js';
import { SearchIndexClient, VectorIndexClient } from './index-client.js';
import type { Liberal, Reading } from './liberal.js';
import type { SearchIndex, VectorIndexResource } from './schemas.js';

export interface NamespaceRow {
	name: string;
	count: number;
	pending: number;
}

export interface IndexOverview {
	/** DENSE, SPARSE or HYBRID; SEARCH for a search database. */
	type?: string;
	dimension?: number;
	similarity?: string;
	denseModel?: string;
	sparseModel?: string;
	/** By name; the default namespace "" first. */
	namespaces?: NamespaceRow[];
	/** Why the namespaces are not there. */
	unavailable?: string;
	/**
	 * The index as the management API sent it, every field kept (`customer_id`, `creation_time`
	 * and any the service adds): what the fields above are read from.
	 */
	resource?: Liberal<typeof VectorIndexResource>;
}

/** The data plane's URL: the endpoint as listed, or https:// before a bare host name. */
export function dataPlaneUrl(endpoint: string | undefined): string | undefined {
	if (!endpoint) return undefined;
	if (/^https?:\/\//i.test(endpoint)) return endpoint;
	return endpoint.includes('.') ? `https://${endpoint}` : undefined;
}

function why(error: unknown): string {
	return error instanceof ApiError ? error.message : error instanceof Error ? error.message : String(error);
}

function rows(namespaces: Record<string, { vectorCount: number; pendingVectorCount: number }> | undefined) {
	if (!namespaces) return undefined;
	return Object.entries(namespaces)
		.map(([name, n]) => ({ name, count: n.vectorCount, pending: n.pendingVectorCount }))
		.sort((a, b) => a.name.localeCompare(b.name));
}

interface Reached {
	url: string | undefined;
	token: string | undefined;
}

/** One try, of 5 s at most: an overview shows what it has at once rather than wait on a data plane. */
const overviewRequests = { timeoutMs: 5000, retry: { retries: 0, baseDelayMs: 1, maxDelayMs: 1 } };

/** The options of a data plane's client, as an overview reaches it. */
type OverviewClient = typeof overviewRequests & { endpoint: string; token: string };

async function withDataPlane<T>(
	reached: Reached,
	what: string,
	read: (client: OverviewClient) => Promise<T>,
): Promise<{ read: T } | { unavailable: string }> {
	if (!reached.url) return { unavailable: `the ${what} lists no data-plane URL` };
	if (!reached.token) return { unavailable: `the ${what} lists no read-only token` };
	try {
		return { read: await read({ endpoint: reached.url, token: reached.token, ...overviewRequests }) };
	} catch (error) {
		return { unavailable: why(error) };
	}
}

export async function readVectorOverview(
	client: MqClient,
	indexId: string,
	signal?: AbortSignal,
): Promise<Reading<IndexOverview>> {
	let resource: Liberal<typeof VectorIndexResource>;
	let issues: Reading<unknown>['issues'] = [];
	try {
		({ data: resource, issues } = await client.management.vectorIndex(indexId, signal));
	} catch (error) {
		return { data: { unavailable: `the index could not be read: ${why(error)}` }, issues: [] };
	}
	const reached = { url: dataPlaneUrl(resource.endpoint), token: resource.read_only_token };
	const info = await withDataPlane(reached, 'vector index', (client) => new VectorIndexClient(client).info());
	const read = 'read' in info ? info.read : undefined;
	const namespaces = rows(read?.namespaces);
	return {
		data: {
			type: resource.index_type ?? read?.indexType,
			dimension: resource.dimension_count ?? read?.dimension,
			similarity: resource.similarity_function ?? read?.similarityFunction,
			denseModel: resource.embedding_model || read?.denseIndex?.embeddingModel,
			sparseModel: resource.sparse_embedding_model || read?.sparseIndex?.embeddingModel,
			...(namespaces ? { namespaces } : {}),
			...('unavailable' in info ? { unavailable: info.unavailable } : {}),
			resource,
		},
		issues,
	};
}

/** The indexes of a search database, from its info, reached as its resource lists. */
export async function readSearchOverview(index: Liberal<typeof SearchIndex>): Promise<IndexOverview> {
	const reached = { url: dataPlaneUrl(index.endpoint), token: index.read_only_token };
	const info = await withDataPlane(reached, 'search index', (client) => new SearchIndexClient(client).info());
	if ('unavailable' in info) return { type: 'SEARCH', unavailable: info.unavailable };
	return { type: 'SEARCH', namespaces: rows(info.read.namespaces) ?? [] };
}

/** `"" 12, docs 3 (1 pending)`: namespaces in one line, the default one shown as "". */
export function namespaceSummary(namespaces: readonly NamespaceRow[]): string {
	return namespaces
		.map(
			(n) => `${n.name === '' ? '""' : n.name} ${n.count}${n.pending > 0 ? ` (${n.pending} pending)` : ''}`,
		)
		.join(', ');
}
