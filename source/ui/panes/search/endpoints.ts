import { type IndexOverview, readSearchOverview } from '../../../api/index-overview.js';
import type { Liberal } from '../../../api/liberal.js';
import type { SearchIndex } from '../../../api/schemas.js';
import { defineEndpoint } from '../../data/endpoints.js';

/** A search index as read: its `id`, and whatever else the service sent. */
export type SearchIndexReading = Liberal<typeof SearchIndex>;

/** A search index's configuration and limits. */
export const searchIndexEndpoint = defineEndpoint<SearchIndexReading, { indexId: string }>({
	key: 'searchIndex',
	api: 'management',
	label: 'search index',
	params: (p) => p.indexId,
	fetch: (client, p, signal) => client.management.searchIndex(p.indexId, signal),
});

/** The indexes of the search database and their document counts, from its own info. */
export const searchOverviewEndpoint = defineEndpoint<IndexOverview, { indexId: string }>({
	key: 'searchOverview',
	api: 'management',
	label: 'search indexes',
	params: (p) => p.indexId,
	everyMs: 5000,
	async fetch(client, p, signal) {
		const { data, issues } = await client.management.searchIndex(p.indexId, signal);
		return { data: await readSearchOverview(data), issues };
	},
});
