/**
 * The Vector pane as a pure reducer: the index shown (picked from a list), how far its series
 * are scrolled, and its data as the kit browses it (query, fetch, range, delete).
 */
import {
	type IndexedDataAction,
	type IndexedDataState,
	indexedDataReducer,
	initialIndexedData,
	leaveIndexedData,
} from '../../kit/index-data/indexed-data-state.js';
import type { VectorField, VectorSpec } from './data-plane.js';

export interface VectorState extends IndexedDataState<VectorField, VectorSpec> {
	scroll: number;
}

export type VectorAction =
	| IndexedDataAction<VectorField, VectorSpec>
	| { type: 'scroll'; delta: number; count: number };

export const initialVectorState = (indexId: string | undefined): VectorState => ({
	...initialIndexedData<VectorField, VectorSpec>(indexId),
	scroll: 0,
});

export function vectorReducer(state: VectorState, action: VectorAction): VectorState {
	if (action.type === 'scroll') {
		const scroll = Math.min(Math.max(0, state.scroll + action.delta), Math.max(0, action.count - 1));
		return scroll === state.scroll ? state : { ...state, scroll };
	}
	return indexedDataReducer<VectorField, VectorSpec, VectorState>(state, action);
}

/** Leaving the pane closes the list of indexes, the question and the notice. */
export function leaveVector(state: VectorState): VectorState {
	return leaveIndexedData<VectorField, VectorSpec, VectorState>(state);
}
