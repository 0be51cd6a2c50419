/** The Search pane as a pure reducer: the database shown (picked from a list) and its documents as the kit browses them. */
import * as indexed from '../../kit/index-data/indexed-data-state.js';
import type { SearchField, SearchSpec } from './data-plane.js';

export interface SearchState extends indexed.IndexedDataState<SearchField, SearchSpec> {}

export type SearchAction = indexed.IndexedDataAction<SearchField, SearchSpec>;

export const initialSearchState = (indexId: string | undefined): SearchState =>
	indexed.initialIndexedData<SearchField, SearchSpec>(indexId);

export function searchReducer(state: SearchState, action: SearchAction): SearchState {
	return indexed.indexedDataReducer<SearchField, SearchSpec, SearchState>(state, action);
}

/** Leaving the pane closes the list of databases, the question and the notice. */
export function leaveSearch(state: SearchState): SearchState {
	return indexed.leaveIndexedData<SearchField, SearchSpec, SearchState>(state);
}
