/**
 * Which endpoints to poll for what the person is looking at: only the visible pane's.
 * `pollRequests` is pure; `toJob` binds a request to the typed client.
 */
import type { MqClient } from '../api/client.js';
import type { StatsPeriod } from '../api/schemas.js';
import type { UiState } from '../ui/state/ui-state.js';
import type { AnyPollJob } from './scheduler.js';

export type PollRequest =
	| { endpoint: 'users' }
	| { endpoint: 'mqStats'; accountId: string; period: StatsPeriod }
	| { endpoint: 'vectorStats'; indexId: string; period: StatsPeriod }
	| { endpoint: 'searchIndex'; indexId: string }
	| { endpoint: 'groups' };

export function pollRequests(state: UiState): PollRequest[] {
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
		default:
			return [];
	}
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
	}
}
