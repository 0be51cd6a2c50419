/** Vector: a vector index's counters and its latency and usage series. */
import { definePane } from '../../contract/pane.js';
import { pollRequest } from '../../data/endpoints.js';
import { vectorIndexBindings, vectorScrollBindings } from './bindings.js';
import { vectorOverviewEndpoint, vectorStatsEndpoint } from './endpoints.js';
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
	leave: (state) => (state.editing ? { ...state, editing: false } : state),
	polls: ({ shell, state }) =>
		state.indexId
			? [
					pollRequest(vectorStatsEndpoint, { indexId: state.indexId, period: shell.period }),
					pollRequest(vectorOverviewEndpoint, { indexId: state.indexId }),
				]
			: [],
	bindings: [...vectorScrollBindings, ...vectorIndexBindings],
	focus: (state) => (state.editing ? 'input' : undefined),
	View: VectorView,
});
