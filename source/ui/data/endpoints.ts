/**
 * What the monitor polls, as data: an endpoint names what it asks for, which API (and so which
 * credential) it uses and how it is read with the typed client. Every endpoint reads its answer
 * liberally (the client's `read*` methods, source/api/liberal.ts): it gives the data that could
 * be read and what was odd about the rest, so one odd field never costs a pane its data. A pane
 * declares its own endpoints beside its view; the few that several panes read (the account
 * list, the delivery logs, the queues) are here. The poll store and the scheduler know
 * endpoints only through this shape.
 */
import type { MqClient } from '../../api/client.js';
import { ApiError } from '../../api/errors.js';
import type { Liberal, Reading } from '../../api/liberal.js';
import { logsPageLimit } from '../../api/logs-api.js';
import type { LogEntry, Queue as QueueSchema } from '../../api/messaging-schemas.js';
import type { MqUser } from '../../api/schemas.js';

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
	/**
	 * Polled at most this often, when slower than the refresh interval (what changes slowly): every
	 * so many whole intervals, so that it goes out with the others.
	 */
	everyMs?: number;
}

/** An endpoint with its parameters `P` and the data `T` it reads. */
export interface Endpoint<T, P = void> extends EndpointInfo {
	/** The parameters as the store records them, e.g. `acct_1 1h`: other params make another request. */
	params(params: P): string;
	/** Reads the answer liberally: what could be read, and the fields that were odd. */
	fetch(client: MqClient, params: P, signal: AbortSignal): Promise<Reading<T>>;
}

/** One request of a poll plan: an endpoint with its parameters, bound to a call of the client. */
export interface PollRequest<T = unknown> {
	endpoint: EndpointInfo;
	params: string;
	fetch(client: MqClient, signal: AbortSignal): Promise<Reading<T>>;
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

/** An account as read: its `id`, and whatever else the service sent. */
export type Account = Liberal<typeof MqUser>;

/** The accounts: the Accounts pane lists them, the Overview shows the first when none is configured. */
export const usersEndpoint = defineEndpoint<Account[]>({
	key: 'users',
	api: 'management',
	label: 'accounts',
	params: () => '',
	fetch: (client, _params, signal) => client.management.users(signal),
});

/** A queue as read: its `name`, and whatever else the service sent. */
export type Queue = Liberal<typeof QueueSchema>;

/** Every queue of the account, with its lag and whether it is paused: the Queues pane, and Messages for a message in one. */
export const queuesEndpoint = defineEndpoint<Queue[]>({
	key: 'queues',
	api: 'messaging',
	label: 'queues',
	params: () => '',
	fetch: (client, _params, signal) => client.queues.list(signal),
});

/**
 * A delivery log entry as read (`GET /v2/logs`, or `/v2/events` where the service has only
 * that): the message it is about and, when sent, the rest. `state` is kept as it came, so a
 * state nobody listed is shown as it is.
 */
export type DeliveryLog = Liberal<typeof LogEntry>;

/**
 * The delivery logs listing (docs/protocol/logs.md#paths): the newest entries, or the status with
 * which the deployment said it has no such listing (404, 405, 501), which is an answer, not a
 * failure.
 */
export type LogListing = { listed: true; logs: DeliveryLog[] } | { listed: false; status: number };

/** A deployment without the listing answers one of these (to `/v2/logs` and `/v2/events` both). */
const unlistedStatuses = [404, 405, 501];

export const logsEndpoint = defineEndpoint<LogListing>({
	key: 'logs',
	api: 'messaging',
	label: 'delivery logs',
	// The newest entries, as many as the service gives in one page.
	params: () => String(logsPageLimit),
	async fetch(client, _params, signal) {
		try {
			const { data, issues } = await client.logs.list({ count: logsPageLimit }, signal);
			return { data: { listed: true, logs: data.logs }, issues };
		} catch (error) {
			if (error instanceof ApiError && error.kind === 'http' && unlistedStatuses.includes(error.status ?? 0))
				return { data: { listed: false, status: error.status ?? 404 }, issues: [] };
			throw error;
		}
	},
});
