import type { SearchIndex } from '../../../api/schemas.js';
import { defineEndpoint } from '../../data/endpoints.js';

/** A search index's configuration and limits. */
export const searchIndexEndpoint = defineEndpoint<SearchIndex, { indexId: string }>({
	key: 'searchIndex',
	api: 'management',
	label: 'search index',
	params: (p) => p.indexId,
	fetch: (client, p, signal) => client.getSearchIndex(p.indexId, signal),
});
