/**
 * Which endpoints to poll for what the person is looking at: only the visible pane's.
 * `pollRequests` is pure; `toJob` binds a request to the typed client.
 */
import type { MqClient } from '../../api/client.js';
import { ApiError } from '../../api/errors.js';
import type { StatsPeriod } from '../../api/schemas.js';
import type { UiState } from '../contract/shell-state.js';
import type { EndpointKey, EventListing } from './endpoints.js';
import type { AnyPollJob } from './scheduler.js';

export type PollRequest =
	| { endpoint: 'users' }
	| { endpoint: 'mqStats'; accountId: string; period: StatsPeriod }
	| { endpoint: 'vectorStats'; indexId: string; period: StatsPeriod }
	| { endpoint: 'searchIndex'; indexId: string }
	| { endpoint: 'groups' }
	| { endpoint: 'events' }
	| { endpoint: 'message'; messageId: string };

/** What the plan needs beyond the UI state. */
export interface PlanContext {
	/** The deployment answered that it has no events listing: stop asking. */
	eventsUnlisted?: boolean;
	/** Message ids on screen whose state can still change (Messages pane). */
	messageIds?: readonly string[];
}

/** Events asked for per poll: the newest, enough to cover a refresh interval of busy traffic. */
export const eventsPerPoll = 200;

export function pollRequests(state: UiState, context: PlanContext = {}): PollRequest[] {
	switch (state.pane) {
		case 'overview':
			// Without an account the Overview first lists the accounts and shows the first one.
			return state.accountId
				? [{ endpoint: 'mqStats', accountId: state.accountId, period: state.period }]
				: [{ endpoint: 'users' }];
		case 'accounts':
			return [{ endpoint: 'users' }];
		case 'vector':
			return state.vectorIndexId
				? [{ endpoint: 'vectorStats', indexId: state.vectorIndexId, period: state.period }]
				: [];
		case 'search':
			return state.searchIndexId ? [{ endpoint: 'searchIndex', indexId: state.searchIndexId }] : [];
		case 'groups':
			// A deployment without the listing answered 404/405 once: asking again cannot help.
			return state.groupsListed ? [{ endpoint: 'groups' }] : [];
		case 'messages':
			return [
				...(context.eventsUnlisted ? [] : [{ endpoint: 'events' } as const]),
				...(context.messageIds ?? []).map((messageId) => ({ endpoint: 'message', messageId }) as const),
			];
		default:
			return [];
	}
}

/** The endpoints the visible pane polls (its messages included), for the status line. */
export function visibleEndpoints(state: UiState): EndpointKey[] {
	const endpoints = pollRequests(state).map((r): EndpointKey => r.endpoint);
	return state.pane === 'messages' ? [...endpoints, 'message'] : endpoints;
}

/** The parameters of a request as the store records them, e.g. `acct_1 1h`. */
export function requestParams(request: PollRequest): string {
	switch (request.endpoint) {
		case 'users':
		case 'groups':
			return '';
		case 'mqStats':
			return `${request.accountId} ${request.period}`;
		case 'vectorStats':
			return `${request.indexId} ${request.period}`;
		case 'searchIndex':
			return request.indexId;
		case 'events':
			return String(eventsPerPoll);
		case 'message':
			return request.messageId;
	}
}

/** A deployment without the events listing (it is not in interface.md) answers one of these. */
const unlistedStatuses = [404, 405, 501];

async function listEvents(client: MqClient, signal: AbortSignal): Promise<EventListing> {
	try {
		const page = await client.listEvents({ count: eventsPerPoll }, signal);
		return { listed: true, events: page.events };
	} catch (error) {
		if (error instanceof ApiError && error.kind === 'http' && unlistedStatuses.includes(error.status ?? 0))
			return { listed: false, status: error.status ?? 404 };
		throw error;
	}
}

export function toJob(request: PollRequest, client: MqClient): AnyPollJob {
	const params = requestParams(request);
	switch (request.endpoint) {
		case 'users':
			return { endpoint: 'users', params, fetch: (signal) => client.listUsers(signal) };
		case 'mqStats':
			return {
				endpoint: 'mqStats',
				params,
				fetch: (signal) => client.getMqStats(request.accountId, request.period, signal),
			};
		case 'vectorStats':
			return {
				endpoint: 'vectorStats',
				params,
				fetch: (signal) => client.getVectorStats(request.indexId, request.period, signal),
			};
		case 'searchIndex':
			return {
				endpoint: 'searchIndex',
				params,
				fetch: (signal) => client.getSearchIndex(request.indexId, signal),
			};
		case 'groups':
			return { endpoint: 'groups', params, fetch: (signal) => client.listGroups(signal) };
		case 'events':
			return { endpoint: 'events', params, fetch: (signal) => listEvents(client, signal) };
		case 'message':
			return { endpoint: 'message', params, fetch: (signal) => client.getMessage(request.messageId, signal) };
	}
}
