/**
 * The status line: per API (management, messaging), whether it answers, or the error and when
 * it is retried; and when data was last refreshed. Pure, over the poll store.
 */
import type { Api, EndpointKey } from '../../poll/endpoints.js';
import type { PollFailure, PollState } from '../../poll/poll-store.js';

export type ApiStatus =
	| { api: Api; kind: 'ok'; at: number }
	| { api: Api; kind: 'waiting' }
	| { api: Api; kind: 'error'; failure: PollFailure; endpoint: EndpointKey };

/** The state of each API the visible endpoints use; the first failing endpoint speaks for its API. */
export function apiStatuses(polls: PollState, visible: readonly EndpointKey[]): ApiStatus[] {
	const out = new Map<Api, ApiStatus>();
	for (const endpoint of visible) {
		const entry = polls[endpoint];
		if (!entry) continue;
		const before = out.get(entry.api);
		if (before?.kind === 'error') continue;
		if (entry.failure)
			out.set(entry.api, { api: entry.api, kind: 'error', failure: entry.failure, endpoint });
		else if (entry.updatedAt !== undefined) {
			const at = before?.kind === 'ok' ? Math.max(before.at, entry.updatedAt) : entry.updatedAt;
			out.set(entry.api, { api: entry.api, kind: 'ok', at });
		} else if (!before) out.set(entry.api, { api: entry.api, kind: 'waiting' });
	}
	return [...out.values()];
}

/** The newest successful refresh among the visible endpoints. */
export function lastRefresh(polls: PollState, visible: readonly EndpointKey[]): number | undefined {
	let last: number | undefined;
	for (const endpoint of visible) {
		const at = polls[endpoint]?.updatedAt;
		if (at !== undefined && (last === undefined || at > last)) last = at;
	}
	return last;
}
