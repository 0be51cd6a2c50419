/**
 * The endpoints the monitor polls, what each returns, and the API (and so the credential)
 * each one uses. Panes added later extend EndpointData with their own endpoints.
 */
import type { MqStats, MqUser, SearchIndex, UrlGroup, VectorIndexStats } from '../api/schemas.js';

export interface EndpointData {
	users: MqUser[];
	mqStats: MqStats;
	vectorStats: VectorIndexStats;
	searchIndex: SearchIndex;
	groups: UrlGroup[];
}
export type EndpointKey = keyof EndpointData;

/** Management uses the e-mail and API key; messaging uses the token. */
export type Api = 'management' | 'messaging';

export const endpointInfo: Record<EndpointKey, { api: Api; label: string }> = {
	users: { api: 'management', label: 'accounts' },
	mqStats: { api: 'management', label: 'usage stats' },
	vectorStats: { api: 'management', label: 'vector stats' },
	searchIndex: { api: 'management', label: 'search index' },
	groups: { api: 'messaging', label: 'URL Groups' },
};
