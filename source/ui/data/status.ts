/**
 * The status line: per API (management, messaging), whether it answers, or the error and when
 * it is retried; and when data was last refreshed. Pure, over the poll store.
 */
import type { Api, EndpointInfo } from './endpoints.js';
import { type EndpointEntry, entriesOf, type PollFailure, type PollState } from './poll-store.js';

export type ApiStatus =
	| { api: Api; kind: 'ok'; at: number }
	| { api: Api; kind: 'waiting' }
	| { api: Api; kind: 'error'; failure: PollFailure; endpoint: string };

/** The state of each API the visible endpoints use; the first failing endpoint speaks for its API. */
export function apiStatuses(polls: PollState, visible: readonly EndpointInfo[]): ApiStatus[] {
	const out = new Map<Api, ApiStatus>();
	for (const endpoint of visible) {
		for (const entry of entriesOf(polls, endpoint)) {
			const before = out.get(entry.api);
			if (before?.kind === 'error') continue;
			const failure = realFailure(endpoint, entry);
			const answeredAt = answered(entry);
			if (failure) out.set(entry.api, { api: entry.api, kind: 'error', failure, endpoint: endpoint.key });
			else if (answeredAt !== undefined) {
				const at = before?.kind === 'ok' ? Math.max(before.at, answeredAt) : answeredAt;
				out.set(entry.api, { api: entry.api, kind: 'ok', at });
			} else if (!before) out.set(entry.api, { api: entry.api, kind: 'waiting' });
		}
	}
	return [...out.values()];
}

/** The entry's failure, unless it is a 404 that answers the question (the message is gone). */
function realFailure(endpoint: EndpointInfo, entry: EndpointEntry<unknown>): PollFailure | undefined {
	const failure = entry.failure;
	if (failure?.status === 404 && endpoint.notFoundIsAnswer) return undefined;
	return failure;
}

/** When the service last answered for this entry, a 404 that is an answer included. */
function answered(entry: EndpointEntry<unknown>): number | undefined {
	const notFoundAt = entry.failure?.status === 404 ? entry.failure.at : undefined;
	if (entry.updatedAt === undefined) return notFoundAt;
	return notFoundAt === undefined ? entry.updatedAt : Math.max(entry.updatedAt, notFoundAt);
}

/** The newest successful refresh among the visible endpoints. */
export function lastRefresh(polls: PollState, visible: readonly EndpointInfo[]): number | undefined {
	let last: number | undefined;
	for (const endpoint of visible) {
		for (const entry of entriesOf(polls, endpoint)) {
			const at = entry.updatedAt;
			if (at !== undefined && (last === undefined || at > last)) last = at;
		}
	}
	return last;
}
