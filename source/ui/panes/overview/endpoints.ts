import type { MqStats, StatsPeriod } from '../../../api/schemas.js';
import { defineEndpoint } from '../../data/endpoints.js';

export interface MqStatsParams {
	accountId: string;
	period: StatsPeriod;
}

/** An account's usage statistics over a period. */
export const mqStatsEndpoint = defineEndpoint<MqStats, MqStatsParams>({
	key: 'mqStats',
	api: 'management',
	label: 'usage stats',
	params: (p) => `${p.accountId} ${p.period}`,
	fetch: (client, p, signal) => client.getMqStats(p.accountId, p.period, signal),
});
