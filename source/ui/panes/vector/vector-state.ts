import {
	type IndexAction,
	type IndexChoice,
	indexChoice,
	indexReducer,
} from '../../kit/index-picker/index-picker-state.js';

/** The index shown and how far its series are scrolled. */
export interface VectorState extends IndexChoice {
	scroll: number;
}

export type VectorAction = IndexAction | { type: 'scroll'; delta: number; count: number };

export const initialVectorState = (indexId: string | undefined): VectorState => ({
	...indexChoice(indexId),
	scroll: 0,
});

export function vectorReducer(state: VectorState, action: VectorAction): VectorState {
	if (action.type !== 'scroll') return indexReducer(state, action);
	const scroll = Math.min(Math.max(0, state.scroll + action.delta), Math.max(0, action.count - 1));
	return scroll === state.scroll ? state : { ...state, scroll };
}
