/** Vector: a vector index's counters and its latency and usage series. */
import { definePane } from '../../contract/pane.js';
import { pollRequest } from '../../data/endpoints.js';
import { indexFocus } from '../../kit/index-picker/index-picker-state.js';
import {
	vectorIndexBindings,
	vectorPickBindings,
	vectorPickScope,
	vectorScrollBindings,
} from './bindings.js';
import { vectorIndexesEndpoint, vectorOverviewEndpoint, vectorStatsEndpoint } from './endpoints.js';
import { initialVectorState, type VectorAction, type VectorState, vectorReducer } from './vector-state.js';
import { VectorView } from './vector-view.js';

export const vectorPane = definePane<VectorState, VectorAction>({
	id: 'vector',
	title: 'Vector',
	shortTitle: 'Vec',
	aliases: ['vec', 'index'],
	numberKey: true,
	summary: "a vector index's type, namespaces, counters and latency series",
	requires: ['management'],
	initial: ({ connection }) => initialVectorState(connection.vectorIndexId),
	reduce: vectorReducer,
	leave: (state) => vectorReducer(state, { type: 'index/cancel' }),
	// The account's indexes, to pick among and to say which of them is shown.
	polls: ({ shell, state }) => [
		pollRequest(vectorIndexesEndpoint),
		...(state.indexId
			? [
					pollRequest(vectorStatsEndpoint, { indexId: state.indexId, period: shell.period }),
					pollRequest(vectorOverviewEndpoint, { indexId: state.indexId }),
				]
			: []),
	],
	bindings: [...vectorScrollBindings, ...vectorIndexBindings, ...vectorPickBindings],
	scopes: { [vectorPickScope]: { title: 'vector indexes' } },
	focus: (state) => indexFocus(state, vectorPickScope),
	View: VectorView,
});
