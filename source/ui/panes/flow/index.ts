/** Flow control: keys with their wait lists, parallelism and rate against the maxima; pause, pin, reset. */
import { definePane } from '../../contract/pane.js';
import { pollRequest } from '../../data/endpoints.js';
import { flowBindings } from './bindings.js';
import { FlowController } from './controller.js';
import { flowKeysEndpoint, globalParallelismEndpoint } from './endpoints.js';
import { flowReducer, flowScope, initialFlowState, leaveFlow } from './flow-state.js';
import { FlowView } from './flow-view.js';

export const flowPane = definePane({
	names: {
		id: 'flow',
		title: 'Flow control',
		shortTitle: 'Flow',
		aliases: ['flowcontrol', 'flow-control', 'fc'],
	},
	summary: 'flow-control keys: wait lists, parallelism and rate against their maxima; pause, pin, reset',
	model: { initial: initialFlowState, reduce: flowReducer, leave: leaveFlow, focus: flowScope },
	Controller: FlowController,
	polls: () => [pollRequest(flowKeysEndpoint), pollRequest(globalParallelismEndpoint)],
	bindings: flowBindings,
	View: FlowView,
});
