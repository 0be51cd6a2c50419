/**
 * What the monitor polls, as data: an endpoint names what it asks for, which API (and so which
 * credential) it uses and how it is fetched with the typed client. A pane declares its own
 * endpoints beside its view; the few that several panes read (the account list, the events
 * listing) are here. The poll store and the scheduler know endpoints only through this shape.
 */
import type { MqClient } from '../../api/client.js';
import { ApiError } from '../../api/errors.js';
import type { DeliveryEvent, MqUser } from '../../api/schemas.js';

/** Management uses the e-mail and API key; messaging uses the token. */
export type Api = 'management' | 'messaging';

/** How the scheduler, the poll store and the status line treat an endpoint. */
export interface EndpointInfo {
	/** The name its results are kept under in the poll store, e.g. `mqStats`. */
	key: string;
	api: Api;
	/** For the status line, e.g. `usage stats`. */
	label: string;
	/**
	 * Keyed endpoints are polled once per parameter (e.g. a message id), each kept apart, with at
	 * most this many requests out at once; absent for single endpoints (one entry, one request).
	 */
	concurrency?: number;
	/** A 404 is an answer (the resource is gone), not a failure of the API. */
	notFoundIsAnswer?: boolean;
	/** Polled at most this often, when slower than the refresh interval (what changes slowly). */
	everyMs?: number;
}

/** An endpoint with its parameters `P` and the data `T` it returns. */
export interface Endpoint<T, P = void> extends EndpointInfo {
	/** The parameters as the store records them, e.g. `acct_1 1h`: other params make another request. */
	params(params: P): string;
	fetch(client: MqClient, params: P, signal: AbortSignal): Promise<T>;
}

/** One request of a poll plan: an endpoint with its parameters, bound to a call of the client. */
export interface PollRequest<T = unknown> {
	endpoint: EndpointInfo;
	params: string;
	fetch(client: MqClient, signal: AbortSignal): Promise<T>;
}

export function defineEndpoint<T, P = void>(endpoint: Endpoint<T, P>): Endpoint<T, P> {
	return endpoint;
}

/** The request for `endpoint` with `params`. */
export function pollRequest<T, P>(
	endpoint: Endpoint<T, P>,
	...args: P extends void ? [] : [P]
): PollRequest<T> {
	const params = args[0] as P;
	return {
		endpoint,
		params: endpoint.params(params),
		fetch: (client, signal) => endpoint.fetch(client, params, signal),
	};
}

export function isKeyed(endpoint: EndpointInfo): boolean {
	return endpoint.concurrency !== undefined;
}

/** The accounts: the Accounts pane lists them, the Overview shows the first when none is configured. */
export const usersEndpoint = defineEndpoint<MqUser[]>({
	key: 'users',
	api: 'management',
	label: 'accounts',
	params: () => '',
	fetch: (client, _params, signal) => client.listUsers(signal),
});

/**
 * The delivery events listing (decisions.md): the newest events, or the status with which the
 * deployment said it has no such listing (404, 405, 501), which is an answer, not a failure.
 */
export type EventListing = { listed: true; events: DeliveryEvent[] } | { listed: false; status: number };

/** Events asked for per poll: the newest, enough to cover a refresh interval of busy traffic. */
export const eventsPerPoll = 200;

/** A deployment without the events listing (it is not in interface.md) answers one of these. */
const unlistedStatuses = [404, 405, 501];

export const eventsEndpoint = defineEndpoint<EventListing>({
	key: 'events',
	api: 'messaging',
	label: 'events',
	params: () => String(eventsPerPoll),
	async fetch(client, _params, signal) {
		try {
			const page = await client.listEvents({ count: eventsPerPoll }, signal);
			return { listed: true, events: page.events };
		} catch (error) {
			if (error instanceof ApiError && error.kind === 'http' && unlistedStatuses.includes(error.status ?? 0))
				return { listed: false, status: error.status ?? 404 };
			throw error;
		}
	},
});
