/**
 * The Vector pane as a pure reducer: the index shown (picked from a list), how far its series
 * are scrolled, and its data as the kit browses it (query, fetch, range, delete).
 */

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
import type { VectorField, VectorSpec } from './data-plane.js';

export interface VectorState extends IndexChoice, IndexDataState<VectorField, VectorSpec> {
	scroll: number;
}

export type VectorAction =
	| IndexAction
	| IndexDataAction<VectorField, VectorSpec>
	| { type: 'scroll'; delta: number; count: number };

export const initialVectorState = (indexId: string | undefined): VectorState => ({
	...indexChoice(indexId),
	...(initialIndexData as IndexDataState<VectorField, VectorSpec>),
	scroll: 0,
});

export function vectorReducer(state: VectorState, action: VectorAction): VectorState {
	if (isIndexDataAction(action))
		return indexDataReducer<VectorField, VectorSpec, VectorState>(
			state,
			action as IndexDataAction<VectorField, VectorSpec>,
		);
	if (action.type === 'scroll') {
		const scroll = Math.min(Math.max(0, state.scroll + action.delta), Math.max(0, action.count - 1));
		return scroll === state.scroll ? state : { ...state, scroll };
	}
	const next = indexReducer(state, action);
	// Another index: what was read of the one before goes.
	return next.indexId !== state.indexId
		? indexDataReducer<VectorField, VectorSpec, VectorState>(next, { type: 'data/reset' })
		: next;
}

/** Leaving the pane closes the list of indexes, the question and the notice. */
export function leaveVector(state: VectorState): VectorState {
	return leaveIndexData(vectorReducer(state, { type: 'index/cancel' }));
}
