/**
 * The latest result of every polled endpoint: data with the parameters it was fetched with,
 * or the failure and when it will be retried. Written only by the scheduler.
 */
import { Store } from '../ui/state/store.js';
import type { FailureText } from './describe-error.js';
import type { Api, EndpointData, EndpointKey } from './endpoints.js';

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

export type PollState = { readonly [K in EndpointKey]?: EndpointEntry<EndpointData[K]> };

export class PollStore extends Store<PollState> {
	constructor(coalesceMs = 0) {
		super({}, coalesceMs);
	}

	private patch<K extends EndpointKey>(key: K, change: Partial<EndpointEntry<EndpointData[K]>>, api: Api) {
		this.update((state) => {
			const before = state[key] ?? { api, params: '' };
			return { ...state, [key]: { ...before, ...change } };
		});
	}

	/**
	 * A request with these parameters is out. Only a change of parameters is a change of state:
	 * a poll of the same data is invisible until it answers, and costs no frame.
	 */
	started<K extends EndpointKey>(key: K, api: Api, params: string): void {
		const entry = this.getSnapshot()[key];
		if (entry?.params === params && entry.api === api) return;
		this.patch(key, { api, params }, api);
	}

	succeeded<K extends EndpointKey>(
		key: K,
		api: Api,
		params: string,
		data: EndpointData[K],
		at: number,
	): void {
		this.patch(key, { api, params, data, dataParams: params, updatedAt: at, failure: undefined }, api);
	}

	failed<K extends EndpointKey>(key: K, api: Api, params: string, failure: PollFailure): void {
		this.patch(key, { api, params, failure }, api);
	}
}
