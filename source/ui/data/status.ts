/**
 * The status line: per API (management, messaging), whether it answers, or the error and when
 * it is retried, or that it is not configured; when data was last refreshed; and the odd
 * fields of the answers on screen. Pure, over the poll store.
 */
import type { FieldIssue } from '../../api/liberal.js';
import type { Api, EndpointInfo } from './endpoints.js';
import { type EndpointEntry, entriesOf, type PollFailure, type PollState } from './poll-store.js';

export type ApiStatus =
	| { api: Api; kind: 'ok'; at: number }
	| { api: Api; kind: 'waiting' }
	/** The settings of this API are missing: nothing of it is polled. */
	| { api: Api; kind: 'unconfigured' }
	| {
			api: Api;
			kind: 'error';
			failure: PollFailure;
			endpoint: string;
			/** When the data still on screen was read: the last good answer, kept. */
			keptAt: number | undefined;
	  };

/**
 * The state of each API the visible endpoints use; the first failing endpoint speaks for its
 * API. Endpoints of an API in `unconfigured` are not polled: the API says so instead, as do the
 * APIs the visible pane `required` that lack their settings.
 */
export function apiStatuses(
	polls: PollState,
	visible: readonly EndpointInfo[],
	unconfigured: ReadonlySet<Api> = new Set(),
	required: readonly Api[] = [],
): ApiStatus[] {
	const out = new Map<Api, ApiStatus>();
	for (const api of required) if (unconfigured.has(api)) out.set(api, { api, kind: 'unconfigured' });
	for (const endpoint of visible) {
		if (unconfigured.has(endpoint.api)) {
			out.set(endpoint.api, { api: endpoint.api, kind: 'unconfigured' });
			continue;
		}
		for (const entry of entriesOf(polls, endpoint)) {
			const before = out.get(entry.api);
			if (before?.kind === 'error') continue;
			const failure = realFailure(endpoint, entry);
			const answeredAt = answered(entry);
			if (failure)
				out.set(entry.api, {
					api: entry.api,
					kind: 'error',
					failure,
					endpoint: endpoint.key,
					keptAt: entry.data === undefined ? undefined : entry.updatedAt,
				});
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

/** The odd fields of the answers on screen: which endpoint, how many, and the first of them. */
export interface OddFields {
	label: string;
	count: number;
	first: FieldIssue;
}

/**
 * What was odd about the newest answers of the visible endpoints (fields read as "—", enum
 * values nobody listed), the first endpoint with any speaking; undefined when all read cleanly.
 */
export function oddFields(polls: PollState, visible: readonly EndpointInfo[]): OddFields | undefined {
	let found: OddFields | undefined;
	for (const endpoint of visible) {
		for (const entry of entriesOf(polls, endpoint)) {
			const issues = entry.issues ?? [];
			if (issues.length === 0) continue;
			if (!found) found = { label: endpoint.label, count: 0, first: issues[0]! };
			if (found.label === endpoint.label) found.count += issues.length;
		}
	}
	return found;
}
