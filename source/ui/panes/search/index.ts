/** Search: a search index's configuration, limits and throughput; d: its documents. */
import { definePane } from '../../contract/pane.js';
import { pollRequest } from '../../data/endpoints.js';
import { indexDataScope } from '../../kit/index-data/index-data-state.js';
import { indexFocus } from '../../kit/index-picker/index-picker-state.js';
import {
	searchBindings,
	searchDataBindings,
	searchDataScope,
	searchPickBindings,
	searchPickScope,
} from './bindings.js';
import { SearchController } from './controller.js';
import { searchIndexEndpoint, searchIndexesEndpoint, searchOverviewEndpoint } from './endpoints.js';
import { initialSearchState, leaveSearch, searchReducer } from './search-state.js';
import { SearchView } from './search-view.js';

export const searchPane = definePane({
	names: { id: 'search', title: 'Search', shortTitle: 'Srch', aliases: ['srch'] },
	summary: "a search database's configuration, limits, indexes and throughput; d: its documents",
	requires: ['management'],
	model: {
		initial: ({ connection }) => initialSearchState(connection.searchIndexId),
		reduce: searchReducer,
		leave: leaveSearch,
		focus: (state) => indexFocus(state, searchPickScope) ?? indexDataScope(state, searchDataScope),
		showsDetail: (state) => state.open && state.detail,
	},
	Controller: SearchController,
	// The account's search databases, to pick among and to say which of them is shown.
	polls: ({ state }) => [
		pollRequest(searchIndexesEndpoint),
		...(state.indexId
			? [
					pollRequest(searchIndexEndpoint, { indexId: state.indexId }),
					pollRequest(searchOverviewEndpoint, { indexId: state.indexId }),
				]
			: []),
	],
	bindings: [...searchBindings, ...searchPickBindings, ...searchDataBindings],
	scopes: {
		[searchPickScope]: { title: 'search indexes' },
		[searchDataScope]: { title: "search database's documents" },
	},
	View: SearchView,
});
