/**
 * The management API (Basic auth with the email and API key, on its own host): the
 * message-queue accounts, usage statistics, and the vector and search indexes' resources.
 */
import { z } from 'zod';
import { fromDialectNames } from './dialect.js';
import { IndexTotals } from './index-totals.js';
import { apiPath } from './paths.js';
import {
	MqStats,
	MqUsers,
	SearchIndex,
	type StatsPeriod,
	VectorIndexResource,
	VectorIndexStats,
} from './schemas.js';
import { type Messaging, sendRead } from './transport.js';

export class ManagementApi {
	constructor(private readonly messaging: Messaging) {}

	private get product(): string {
		return this.messaging.settings.dialect.productSegment;
	}

	private read<S extends Parameters<typeof sendRead>[2]>(
		operation: string,
		path: string,
		schema: S,
		signal?: AbortSignal,
		prepare?: (json: unknown) => unknown,
	) {
		return sendRead(this.messaging, { operation, method: 'GET', path, api: 'management' }, schema, {
			signal,
			prepare,
		});
	}

	users(signal?: AbortSignal) {
		return this.read('list users', apiPath`/v2/${this.product}/users`, MqUsers, signal);
	}

	mqStats(accountId: string, period: StatsPeriod = '1h', signal?: AbortSignal) {
		const path = `${apiPath`/v2/${this.product}/stats/${accountId}`}?period=${period}`;
		return this.read('read usage stats', path, MqStats, signal);
	}

	vectorStats(indexId: string, period: StatsPeriod = '1h', signal?: AbortSignal) {
		const path = `${apiPath`/v2/vector/index/${indexId}/stats`}?period=${period}`;
		return this.read('read vector index stats', path, VectorIndexStats, signal);
	}

	/**
	 * The account's totals over all its vector indexes or all its search databases (GET
	 * /v2/vector/index/stats, GET /v2/search/stats).
	 */
	indexTotals(kind: 'vector' | 'search', signal?: AbortSignal) {
		const path = kind === 'vector' ? '/v2/vector/index/stats' : '/v2/search/stats';
		return this.read(`read ${kind} totals`, path, IndexTotals, signal);
	}

	/** A vector index's shape, endpoint, tokens and limits (GET /v2/vector/index/{id}). */
	vectorIndex(indexId: string, signal?: AbortSignal) {
		return this.read('read vector index', apiPath`/v2/vector/index/${indexId}`, VectorIndexResource, signal);
	}

	/** Every vector index of the account (GET /v2/vector/index): the Vector pane picks among them. */
	vectorIndexes(signal?: AbortSignal) {
		return this.read('list vector indexes', apiPath`/v2/vector/index`, z.array(VectorIndexResource), signal);
	}

	/**
	 * Every search database of the account (GET /v2/search, the vendor's developer API; the local
	 * service has one and does not list it): the Search pane picks among them.
	 */
	searchIndexes(signal?: AbortSignal) {
		return this.read('list search indexes', apiPath`/v2/search`, z.array(SearchIndex), signal, (json) =>
			Array.isArray(json)
				? json.map((item) => fromDialectNames(item, this.messaging.settings.dialect))
				: json,
		);
	}

	/** The dialect's partner word is read into the neutral name (`vercel_email` as `partner_email`). */
	searchIndex(indexId: string, signal?: AbortSignal) {
		return this.read('read search index', apiPath`/v2/search/${indexId}`, SearchIndex, signal, (json) =>
			fromDialectNames(json, this.messaging.settings.dialect),
		);
	}
}
