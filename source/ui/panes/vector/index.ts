/** Vector: a vector index's counters and its latency and usage series. */
import { definePane } from '../../contract/pane.js';
import { pollRequest } from '../../data/endpoints.js';
import { indexDataScope } from '../../kit/index-data/index-data-state.js';
import { indexFocus } from '../../kit/index-picker/index-picker-state.js';
import {
	vectorDataBindings,
	vectorDataScope,
	vectorIndexBindings,
	vectorPickBindings,
	vectorPickScope,
	vectorScrollBindings,
} from './bindings.js';
import { VectorController } from './controller.js';
import { vectorIndexesEndpoint, vectorOverviewEndpoint, vectorStatsEndpoint } from './endpoints.js';
import { initialVectorState, leaveVector, vectorReducer } from './vector-state.js';
import { VectorView } from './vector-view.js';

export const vectorPane = definePane({
	names: { id: 'vector', title: 'Vector', shortTitle: 'Vec', aliases: ['vec', 'index'] },
	summary:
		"a vector index's type, namespaces, counters and latency series; d: its data (query, fetch, range, delete)",
	requires: ['management'],
	model: {
		initial: ({ connection }) => initialVectorState(connection.vectorIndexId),
		reduce: vectorReducer,
		leave: leaveVector,
		focus: (state) => indexFocus(state, vectorPickScope) ?? indexDataScope(state, vectorDataScope),
		showsDetail: (state) => state.open && state.detail,
	},
	Controller: VectorController,
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
	bindings: [...vectorScrollBindings, ...vectorIndexBindings, ...vectorPickBindings, ...vectorDataBindings],
	scopes: {
		[vectorPickScope]: { title: 'vector indexes' },
		[vectorDataScope]: { title: "vector index's data" },
	},
	View: VectorView,
});
