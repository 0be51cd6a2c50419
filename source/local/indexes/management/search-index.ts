/**
 * A search database of the local service: its configuration (the search index resource,
 * docs/protocol/search.md#management-resource) and what its data plane served: its requests
 * (`throughput_vector`, the 1h period series of requests per second) and the statistics the
 * management API answers for it, of the vector indexes' shape (IndexUsage).
 */
import type { SearchIndex } from '../../../api/schemas.js';
import { randomId } from '../../../signing/keys.js';
import { periodIntervals, seriesOf } from '../../stats/series.js';
import type { Snapshotting } from '../../stats/snapshot.js';
import { Counter } from '../../stats/time-buckets.js';
import { reportedLimits } from '../common/records.js';
import { IndexUsage } from './index-usage.js';

export interface IndexTokens {
	token: string;
	readOnlyToken: string;
}

export function newIndexTokens(): IndexTokens {
	return { token: randomId(40), readOnlyToken: randomId(40) };
}

export class SearchIndexRecord implements Snapshotting {
	private readonly requests = new Counter();
	/** What its data plane served, for GET /v2/search/{id}/stats. */
	readonly usage = new IndexUsage();

	constructor(
		readonly id: string,
		public name: string,
		readonly ownerEmail: string,
		/** REST endpoint the data plane serves the index on. */
		readonly endpoint: string,
		readonly createdAt: number,
		/** Changed in place by a password reset: whoever holds them sees the new ones. */
		readonly tokens: IndexTokens = newIndexTokens(),
		/** Where it says it runs: what it was created with (us-central1 for the one made at start). */
		readonly region: SearchIndex['region'] = 'us-central1',
	) {}

	get token(): string {
		return this.tokens.token;
	}

	get readOnlyToken(): string {
		return this.tokens.readOnlyToken;
	}

	recordRequest(t: number): void {
		this.requests.add(t);
	}

	snapshot(): unknown {
		return { requests: this.requests.snapshot(), usage: this.usage.snapshot() };
	}

	restore(data: unknown): void {
		const kept = data as { requests?: unknown; usage?: unknown } | null;
		this.requests.restore(kept?.requests);
		if (kept?.usage !== undefined) this.usage.restore(kept.usage);
	}

	resource(now: number): SearchIndex {
		return {
			customer_id: this.ownerEmail,
			id: this.id,
			name: this.name,
			endpoint: this.endpoint,
			type: 'payg',
			region: this.region,
			partner_email: '',
			token: this.token,
			read_only_token: this.readOnlyToken,
			max_vector_count: 100_000_000,
			max_monthly_reranks: -1,
			...reportedLimits,
			creation_time: Math.floor(this.createdAt / 1000),
			input_enrichment_enabled: false,
			throughput_vector: seriesOf(
				periodIntervals('1h', now),
				(i) => this.requests.sum(i.start, i.end) / ((i.end - i.start) / 1000),
			),
		};
	}
}
