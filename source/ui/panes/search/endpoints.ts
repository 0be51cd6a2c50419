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
	fetch: (client, p, signal) => client.readSearchIndex(p.indexId, signal),
});
