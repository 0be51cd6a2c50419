/**
 * The latest result of every polled endpoint: data with the parameters it was fetched with,
 * or the failure and when it will be retried. Written only by the scheduler. Keyed endpoints
 * (one job per message id) keep an entry per parameter.
 */

import type { FailureText } from './describe-error.js';
import {
	type Api,
	type EndpointData,
	type EndpointKey,
	isKeyed,
	type KeyedEndpointKey,
	type SingleEndpointKey,
} from './endpoints.js';
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
	updatedAt?: number;
	failure?: PollFailure;
}

export type KeyedEntries<K extends KeyedEndpointKey> = ReadonlyMap<string, EndpointEntry<EndpointData[K]>>;

export type PollState = { readonly [K in SingleEndpointKey]?: EndpointEntry<EndpointData[K]> } & {
	/** Entries of keyed endpoints by parameters (a Map: the keys are ids from the network). */
	readonly keyed?: { readonly [K in KeyedEndpointKey]?: KeyedEntries<K> };
};

/** The entry of a keyed endpoint for `params`, if any. */
export function keyedEntry<K extends KeyedEndpointKey>(
	state: PollState,
	key: K,
	params: string,
): EndpointEntry<EndpointData[K]> | undefined {
	return state.keyed?.[key]?.get(params);
}

/** Every entry of an endpoint: the one of a single endpoint, or all of a keyed one. */
export function entriesOf(state: PollState, key: EndpointKey): EndpointEntry<unknown>[] {
	if (isKeyed(key)) return [...(state.keyed?.[key]?.values() ?? [])];
	const entry = state[key];
	return entry ? [entry] : [];
}

export class PollStore extends Store<PollState> {
	constructor(coalesceMs = 0) {
		super({}, coalesceMs);
	}

	private entry(key: EndpointKey, params: string): EndpointEntry<unknown> | undefined {
		return isKeyed(key) ? keyedEntry(this.getSnapshot(), key, params) : this.getSnapshot()[key];
	}

	private patch<K extends EndpointKey>(
		key: K,
		change: Partial<EndpointEntry<EndpointData[K]>>,
		api: Api,
		params: string,
	) {
		this.update((state) => {
			if (isKeyed(key)) {
				const entries = state.keyed?.[key];
				const before = entries?.get(params) ?? { api, params: '' };
				const next = new Map(entries).set(params, { ...before, ...change } as EndpointEntry<
					EndpointData[KeyedEndpointKey]
				>);
				return { ...state, keyed: { ...state.keyed, [key]: next } };
			}
			const before = state[key as SingleEndpointKey] ?? { api, params: '' };
			return { ...state, [key]: { ...before, ...change } };
		});
	}

	/**
	 * A request with these parameters is out. Only a change of parameters is a change of state:
	 * a poll of the same data is invisible until it answers, and costs no frame.
	 */
	started<K extends EndpointKey>(key: K, api: Api, params: string): void {
		const entry = this.entry(key, params);
		if (entry?.params === params && entry.api === api) return;
		this.patch(key, { api, params }, api, params);
	}

	succeeded<K extends EndpointKey>(
		key: K,
		api: Api,
		params: string,
		data: EndpointData[K],
		at: number,
	): void {
		this.patch(
			key,
			{ api, params, data, dataParams: params, updatedAt: at, failure: undefined },
			api,
			params,
		);
	}

	failed<K extends EndpointKey>(key: K, api: Api, params: string, failure: PollFailure): void {
		this.patch(key, { api, params, failure }, api, params);
	}

	/** Drops the entries of a keyed endpoint whose parameters are not kept (ids no longer followed). */
	retain(key: KeyedEndpointKey, keep: ReadonlySet<string>): void {
		const entries = this.getSnapshot().keyed?.[key];
		if (!entries || [...entries.keys()].every((params) => keep.has(params))) return;
		const next = new Map([...entries].filter(([params]) => keep.has(params)));
		this.update((state) => ({ ...state, keyed: { ...state.keyed, [key]: next } }));
	}
}
