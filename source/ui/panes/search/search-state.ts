/** The Search pane as a pure reducer: the database shown (picked from a list) and its documents as the kit browses them. */
import {
	type IndexDataAction,
	type IndexDataState,
	indexDataReducer,
	initialIndexData,
	isIndexDataAction,
	leaveIndexData,
} from '../../kit/index-data/index-data-state.js';
import {
	type IndexAction,
	type IndexChoice,
	indexChoice,
	indexReducer,
} from '../../kit/index-picker/index-picker-state.js';
import type { SearchField, SearchSpec } from './data-plane.js';

export interface SearchState extends IndexChoice, IndexDataState<SearchField, SearchSpec> {}

export type SearchAction = IndexAction | IndexDataAction<SearchField, SearchSpec>;

export const initialSearchState = (indexId: string | undefined): SearchState => ({
	...indexChoice(indexId),
	...(initialIndexData as IndexDataState<SearchField, SearchSpec>),
});

export function searchReducer(state: SearchState, action: SearchAction): SearchState {
	if (isIndexDataAction(action))
		return indexDataReducer<SearchField, SearchSpec, SearchState>(
			state,
			action as IndexDataAction<SearchField, SearchSpec>,
		);
	const next = indexReducer(state, action as IndexAction);
	// Another database: what was read of the one before goes.
	return next.indexId !== state.indexId
		? indexDataReducer<SearchField, SearchSpec, SearchState>(next, { type: 'data/reset' })
		: next;
}

/** Leaving the pane closes the list of databases, the question and the notice. */
export function leaveSearch(state: SearchState): SearchState {
	return leaveIndexData(searchReducer(state, { type: 'index/cancel' }));
}
