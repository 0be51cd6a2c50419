/** Search: a search index's configuration, limits and throughput. */
import { definePane } from '../../contract/pane.js';
import { pollRequest } from '../../data/endpoints.js';
import {
	type IndexAction,
	type IndexChoice,
	indexChoice,
	indexReducer,
} from '../../kit/index-prompt/index-prompt-state.js';
import { searchBindings } from './bindings.js';
import { searchIndexEndpoint, searchOverviewEndpoint } from './endpoints.js';
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
	leave: (state) => (state.editing ? { ...state, editing: false } : state),
	polls: ({ state }) =>
		state.indexId
			? [
					pollRequest(searchIndexEndpoint, { indexId: state.indexId }),
					pollRequest(searchOverviewEndpoint, { indexId: state.indexId }),
				]
			: [],
	bindings: searchBindings,
	focus: (state) => (state.editing ? 'input' : undefined),
	View: SearchView,
});
