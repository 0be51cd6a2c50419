import { type IndexOverview, readVectorOverview } from '../../../api/index-overview.js';
import type { Liberal } from '../../../api/liberal.js';
import type { StatsPeriod, VectorIndexStats } from '../../../api/schemas.js';
import { defineEndpoint } from '../../data/endpoints.js';

/** Vector index statistics as read: any counter may be missing, any point a gap. */
export type VectorStats = Liberal<typeof VectorIndexStats>;

/** A vector index's statistics over a period. */
export const vectorStatsEndpoint = defineEndpoint<VectorStats, { indexId: string; period: StatsPeriod }>({
	key: 'vectorStats',
	api: 'management',
	label: 'vector stats',
	params: (p) => `${p.indexId} ${p.period}`,
	fetch: (client, p, signal) => client.management.vectorStats(p.indexId, p.period, signal),
});

/** What the index is and its namespaces (the management resource, then the index's info). */
export const vectorOverviewEndpoint = defineEndpoint<IndexOverview, { indexId: string }>({
	key: 'vectorOverview',
	api: 'management',
	label: 'vector index',
	params: (p) => p.indexId,
	everyMs: 5000,
	fetch: (client, p, signal) => readVectorOverview(client, p.indexId, signal),
});
