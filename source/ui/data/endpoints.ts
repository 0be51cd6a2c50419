/**
 * The endpoints the monitor polls, what each returns, and the API (and so the credential)
 * each one uses. Panes added later extend EndpointData with their own endpoints.
 */
import type {
	DeliveryEvent,
	Message,
	MqStats,
	MqUser,
	SearchIndex,
	UrlGroup,
	VectorIndexStats,
} from '../../api/schemas.js';

/**
 * The delivery events listing (decisions.md): the newest events, or the status with which the
 * deployment said it has no such listing (404, 405, 501), which is an answer, not a failure.
 */
export type EventListing = { listed: true; events: DeliveryEvent[] } | { listed: false; status: number };

export interface EndpointData {
	users: MqUser[];
	mqStats: MqStats;
	vectorStats: VectorIndexStats;
	searchIndex: SearchIndex;
	groups: UrlGroup[];
	events: EventListing;
	/** One job per message id (keyed). */
	message: Message;
}
export type EndpointKey = keyof EndpointData;

/** Endpoints polled once per parameter (e.g. a message id), many at a time, each kept apart. */
export type KeyedEndpointKey = 'message';
export type SingleEndpointKey = Exclude<EndpointKey, KeyedEndpointKey>;

/** Management uses the e-mail and API key; messaging uses the token. */
export type Api = 'management' | 'messaging';

export interface EndpointInfo {
	api: Api;
	label: string;
	/** Requests of a keyed endpoint out at once, at most; absent for single endpoints. */
	concurrency?: number;
	/** A 404 is an answer (the resource is gone), not a failure of the API. */
	notFoundIsAnswer?: boolean;
}

export const endpointInfo: Record<EndpointKey, EndpointInfo> = {
	users: { api: 'management', label: 'accounts' },
	mqStats: { api: 'management', label: 'usage stats' },
	vectorStats: { api: 'management', label: 'vector stats' },
	searchIndex: { api: 'management', label: 'search index' },
	groups: { api: 'messaging', label: 'URL Groups' },
	events: { api: 'messaging', label: 'events' },
	message: { api: 'messaging', label: 'message', concurrency: 4, notFoundIsAnswer: true },
};

export function isKeyed(endpoint: EndpointKey): endpoint is KeyedEndpointKey {
	return endpointInfo[endpoint].concurrency !== undefined;
}
