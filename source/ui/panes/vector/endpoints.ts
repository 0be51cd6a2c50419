import { type IndexOverview, readVectorOverview } from '../../../api/index-overview.js';
import type { Liberal } from '../../../api/liberal.js';
import type { StatsPeriod, VectorIndexResource, VectorIndexStats } from '../../../api/schemas.js';
import { defineEndpoint } from '../../data/endpoints.js';
import { indexListingEndpoint } from '../../kit/index-picker/listing.js';

/** Vector index statistics as read: any counter may be missing, any point a gap. */
export type VectorStats = Liberal<typeof VectorIndexStats>;

/** A vector index's statistics over a period. */
export const vectorStatsEndpoint = defineEndpoint<VectorStats, { indexId: string; period: StatsPeriod }>({
	key: 'vectorStats',
	api: 'management',
	label: 'vector stats',
	// An index the service does not have is said as such, not as an outage (a typo'd id).
	notFoundIsAnswer: true,
	params: (p) => `${p.indexId} ${p.period}`,
	fetch: (client, p, signal) => client.management.vectorStats(p.indexId, p.period, signal),
});

/** What the index is and its namespaces (the management resource, then the index's info). */
export const vectorOverviewEndpoint = defineEndpoint<IndexOverview, { indexId: string }>({
	key: 'vectorOverview',
	api: 'management',
	label: 'vector index',
	notFoundIsAnswer: true,
	params: (p) => p.indexId,
	everyMs: 5000,
	fetch: (client, p, signal) => readVectorOverview(client, p.indexId, signal),
});

/** A vector index as the account's listing has it. */
export type VectorIndexReading = Liberal<typeof VectorIndexResource>;

/** The account's vector indexes, which the pane picks among. */
export const vectorIndexesEndpoint = indexListingEndpoint<VectorIndexReading>({
	key: 'vectorIndexes',
	label: 'vector indexes',
	list: (client, signal) => client.management.vectorIndexes(signal),
});
