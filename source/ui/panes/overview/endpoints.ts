import type { Liberal } from '../../../api/liberal.js';
import type { MqStats, StatsPeriod } from '../../../api/schemas.js';
import { defineEndpoint } from '../../data/endpoints.js';

export interface MqStatsParams {
	accountId: string;
	period: StatsPeriod;
}

/** Usage statistics as read: any field may be missing, any point a gap. */
export type UsageStats = Liberal<typeof MqStats>;

/** An account's usage statistics over a period. */
export const mqStatsEndpoint = defineEndpoint<UsageStats, MqStatsParams>({
	key: 'mqStats',
	api: 'management',
	label: 'usage stats',
	params: (p) => `${p.accountId} ${p.period}`,
	fetch: (client, p, signal) => client.readMqStats(p.accountId, p.period, signal),
});
