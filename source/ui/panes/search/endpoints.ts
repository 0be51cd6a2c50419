import { type IndexOverview, readSearchOverview } from '../../../api/index-overview.js';
import type { Liberal } from '../../../api/liberal.js';
import type { SearchIndex } from '../../../api/schemas.js';
import { defineEndpoint } from '../../data/endpoints.js';
import { indexListingEndpoint } from '../../kit/index-picker/listing.js';

/** A search index as read: its `id`, and whatever else the service sent. */
export type SearchIndexReading = Liberal<typeof SearchIndex>;

/** A search index's configuration and limits. */
export const searchIndexEndpoint = defineEndpoint<SearchIndexReading, { indexId: string }>({
	key: 'searchIndex',
	api: 'management',
	label: 'search index',
	// An index the service does not have is said as such, not as an outage (a typo'd id).
	notFoundIsAnswer: true,
	params: (p) => p.indexId,
	fetch: (client, p, signal) => client.management.searchIndex(p.indexId, signal),
});

/** The indexes of the search database and their document counts, from its own info. */
export const searchOverviewEndpoint = defineEndpoint<IndexOverview, { indexId: string }>({
	key: 'searchOverview',
	api: 'management',
	label: 'search indexes',
	notFoundIsAnswer: true,
	params: (p) => p.indexId,
	everyMs: 5000,
	async fetch(client, p, signal) {
		const { data, issues } = await client.management.searchIndex(p.indexId, signal);
		return { data: await readSearchOverview(data), issues };
	},
});

/** The account's search databases, which the pane picks among (where the service lists them). */
export const searchIndexesEndpoint = indexListingEndpoint<SearchIndexReading>({
	key: 'searchIndexList',
	label: 'search index list',
	list: (client, signal) => client.management.searchIndexes(signal),
});
