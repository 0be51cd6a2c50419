/**
 * The search index of the local service: its configuration (the search index resource,
 * docs/protocol/search.md#management-resource) and its request throughput, which the data plane (a
 * later part) records. `throughput_vector` is the 1h period series of requests per second.
 */
import type { SearchIndex } from '../../../api/schemas.js';
import { randomId } from '../../../signing/keys.js';
import { periodIntervals, seriesOf } from '../../stats/series.js';
import type { Snapshotting } from '../../stats/snapshot.js';
import { Counter } from '../../stats/time-buckets.js';
import { reportedLimits } from '../common/records.js';

export interface IndexTokens {
	token: string;
	readOnlyToken: string;
}

export function newIndexTokens(): IndexTokens {
	return { token: randomId(40), readOnlyToken: randomId(40) };
}

export class SearchIndexRecord implements Snapshotting {
	private readonly requests = new Counter();
	readonly token: string;
	readonly readOnlyToken: string;

	constructor(
		readonly id: string,
		readonly name: string,
		readonly ownerEmail: string,
		/** REST endpoint the data plane serves the index on. */
		readonly endpoint: string,
		readonly createdAt: number,
		tokens: IndexTokens = newIndexTokens(),
	) {
		this.token = tokens.token;
		this.readOnlyToken = tokens.readOnlyToken;
	}

	recordRequest(t: number): void {
		this.requests.add(t);
	}

	snapshot(): unknown {
		return { requests: this.requests.snapshot() };
	}

	restore(data: unknown): void {
		this.requests.restore((data as { requests?: unknown } | null)?.requests);
	}

	resource(now: number): SearchIndex {
		return {
			customer_id: this.ownerEmail,
			id: this.id,
			name: this.name,
			endpoint: this.endpoint,
			type: 'payg',
			region: 'us-central1',
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
