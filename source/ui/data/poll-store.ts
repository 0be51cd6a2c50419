/**
 * The latest result of every polled endpoint: data with the parameters it was fetched with and
 * the fields of that answer that were odd, or the failure and when it will be retried; a
 * failure keeps the last good data, so a pane never loses it. Written only by the scheduler. Keyed endpoints
 * (one job per message id) keep an entry per parameter. Entries are kept by endpoint key, so a
 * pane reads its own with `entryOf(state, endpoint)`, typed by the endpoint.
 */
import type { FieldIssue } from '../../api/liberal.js';
import type { FailureText } from './describe-error.js';
import { type Api, type Endpoint, type EndpointInfo, isKeyed } from './endpoints.js';
import { sameData } from './same-data.js';
import { Store } from './store.js';

export interface PollFailure extends FailureText {
	at: number;
	/** When the next attempt is due; undefined while polling is paused. */
	retryAt: number | undefined;
	/** Consecutive failures so far. */
	failures: number;
}

export interface EndpointEntry<T> {
	api: Api;
	/** The parameters the current request uses, e.g. `acct 1h`. */
	params: string;
	/** Data of the last success, possibly for other parameters (see dataParams). */
	data?: T;
	dataParams?: string;
	/** What was odd about the answer `data` was read from: fields left out, enum values nobody listed. */
	issues?: readonly FieldIssue[];
	updatedAt?: number;
	failure?: PollFailure;
}

export type KeyedEntries<T = unknown> = ReadonlyMap<string, EndpointEntry<T>>;

export interface PollState {
	/** Entries of single endpoints by key. */
	readonly entries: { readonly [key: string]: EndpointEntry<unknown> | undefined };
	/** Entries of keyed endpoints by key, then parameters (a Map: the keys are ids from the network). */
	readonly keyed: { readonly [key: string]: KeyedEntries | undefined };
}

/** The entry of a single endpoint, typed by it. */
export function entryOf<T, P>(state: PollState, endpoint: Endpoint<T, P>): EndpointEntry<T> | undefined {
	return state.entries[endpoint.key] as EndpointEntry<T> | undefined;
}

/** The entry of a keyed endpoint for `params`, if any. */
export function keyedEntry<T = unknown>(
	state: PollState,
	key: string | Endpoint<T, never>,
	params: string,
): EndpointEntry<T> | undefined {
	return state.keyed[typeof key === 'string' ? key : key.key]?.get(params) as EndpointEntry<T> | undefined;
}

/** Every entry of an endpoint: the one of a single endpoint, or all of a keyed one. */
export function entriesOf(state: PollState, endpoint: EndpointInfo): EndpointEntry<unknown>[] {
	if (isKeyed(endpoint)) return [...(state.keyed[endpoint.key]?.values() ?? [])];
	const entry = state.entries[endpoint.key];
	return entry ? [entry] : [];
}

export class PollStore extends Store<PollState> {
	constructor(coalesceMs = 0) {
		super({ entries: {}, keyed: {} }, coalesceMs);
	}

	private entry(endpoint: EndpointInfo, params: string): EndpointEntry<unknown> | undefined {
		return isKeyed(endpoint)
			? keyedEntry(this.getSnapshot(), endpoint.key, params)
			: this.getSnapshot().entries[endpoint.key];
	}

	private patch(endpoint: EndpointInfo, change: Partial<EndpointEntry<unknown>>, params: string) {
		const { key, api } = endpoint;
		this.update((state) => {
			if (isKeyed(endpoint)) {
				const entries = state.keyed[key];
				const before = entries?.get(params) ?? { api, params: '' };
				const next = new Map(entries).set(params, { ...before, ...change });
				return { ...state, keyed: { ...state.keyed, [key]: next } };
			}
			const before = state.entries[key] ?? { api, params: '' };
			return { ...state, entries: { ...state.entries, [key]: { ...before, ...change } } };
		});
	}

	/**
	 * A request with these parameters is out. Only a change of parameters is a change of state:
	 * a poll of the same data is invisible until it answers, and costs no frame.
	 */
	started(endpoint: EndpointInfo, params: string): void {
		const entry = this.entry(endpoint, params);
		if (entry?.params === params && entry.api === endpoint.api) return;
		this.patch(endpoint, { api: endpoint.api, params }, params);
	}

	succeeded(
		endpoint: EndpointInfo,
		params: string,
		data: unknown,
		at: number,
		issues: readonly FieldIssue[] = [],
	): void {
		// An answer equal to the one kept keeps the objects already there, so that what panes derived
		// from them (series, columns, rows) stands: a monitor left idle redraws its refresh clock, not
		// its charts.
		const before = this.entry(endpoint, params);
		const same = before?.dataParams === params && sameData(before.data, data);
		const sameIssues = before?.issues !== undefined && sameData(before.issues, issues);
		this.patch(
			endpoint,
			{
				api: endpoint.api,
				params,
				data: same ? before.data : data,
				dataParams: params,
				issues: sameIssues ? before.issues : issues,
				updatedAt: at,
				failure: undefined,
			},
			params,
		);
	}

	failed(endpoint: EndpointInfo, params: string, failure: PollFailure): void {
		this.patch(endpoint, { api: endpoint.api, params, failure }, params);
	}

	/** Drops the entries of a keyed endpoint whose parameters are not kept (ids no longer followed). */
	retain(key: string, keep: ReadonlySet<string>): void {
		const entries = this.getSnapshot().keyed[key];
		if (!entries || [...entries.keys()].every((params) => keep.has(params))) return;
		const next = new Map([...entries].filter(([params]) => keep.has(params)));
		this.update((state) => ({ ...state, keyed: { ...state.keyed, [key]: next } }));
	}
}
