import type { StatsPeriod, VectorIndexStats } from '../../../api/schemas.js';
import { defineEndpoint } from '../../data/endpoints.js';

/** A vector index's statistics over a period. */
export const vectorStatsEndpoint = defineEndpoint<VectorIndexStats, { indexId: string; period: StatsPeriod }>(
	{
		key: 'vectorStats',
		api: 'management',
		label: 'vector stats',
		params: (p) => `${p.indexId} ${p.period}`,
		fetch: (client, p, signal) => client.getVectorStats(p.indexId, p.period, signal),
	},
);
