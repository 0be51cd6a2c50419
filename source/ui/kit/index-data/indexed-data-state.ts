/**
 * A pane that browses one index's data (Vector, Search), as a pure reducer: the index shown,
 * chosen from the account's list (kit/index-picker), and its data as the kit browses it; what was
 * read of one index goes when another is chosen. A pane keeps it inside its own state.
 */
import {
	type IndexAction,
	type IndexChoice,
	indexChoice,
	indexReducer,
} from '../index-picker/index-picker-state.js';
import {
	type IndexDataAction,
	type IndexDataState,
	indexDataReducer,
	initialIndexData,
	isIndexDataAction,
	leaveIndexData,
} from './index-data-state.js';

export interface IndexedDataState<F extends string, S> extends IndexChoice, IndexDataState<F, S> {}

export type IndexedDataAction<F extends string, S> = IndexAction | IndexDataAction<F, S>;

export const initialIndexedData = <F extends string, S>(
	indexId: string | undefined,
): IndexedDataState<F, S> => ({
	...indexChoice(indexId),
	...(initialIndexData as IndexDataState<F, S>),
});

export function indexedDataReducer<F extends string, S, T extends IndexedDataState<F, S>>(
	state: T,
	action: IndexedDataAction<F, S>,
): T {
	if (isIndexDataAction(action)) return indexDataReducer<F, S, T>(state, action as IndexDataAction<F, S>);
	const next = indexReducer(state, action as IndexAction);
	// Another index: what was read of the one before goes.
	return next.indexId !== state.indexId ? indexDataReducer<F, S, T>(next, { type: 'data/reset' }) : next;
}

/** Leaving the pane closes the list of indexes, the question and the notice. */
export function leaveIndexedData<F extends string, S, T extends IndexedDataState<F, S>>(state: T): T {
	return leaveIndexData(indexedDataReducer<F, S, T>(state, { type: 'index/cancel' }));
}
