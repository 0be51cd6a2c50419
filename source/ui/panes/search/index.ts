/** Search: a search index's configuration, limits and throughput. */
import { definePane } from '../../contract/pane.js';
import { pollRequest } from '../../data/endpoints.js';
import {
	type IndexAction,
	type IndexChoice,
	indexChoice,
	indexFocus,
	indexReducer,
} from '../../kit/index-picker/index-picker-state.js';
import { searchBindings, searchPickBindings, searchPickScope } from './bindings.js';
import { searchIndexEndpoint, searchIndexesEndpoint, searchOverviewEndpoint } from './endpoints.js';
import { SearchView } from './search-view.js';

export const searchPane = definePane<IndexChoice, IndexAction>({
	id: 'search',
	title: 'Search',
	shortTitle: 'Srch',
	aliases: ['srch'],
	numberKey: true,
	summary: "a search database's configuration, limits, indexes and throughput",
	requires: ['management'],
	initial: ({ connection }) => indexChoice(connection.searchIndexId),
	reduce: indexReducer,
	leave: (state) => indexReducer(state, { type: 'index/cancel' }),
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
	bindings: [...searchBindings, ...searchPickBindings],
	scopes: { [searchPickScope]: { title: 'search indexes' } },
	focus: (state) => indexFocus(state, searchPickScope),
	View: SearchView,
});
