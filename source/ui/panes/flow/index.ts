/** Flow control: keys with their wait lists, parallelism and rate against the maxima; pause, pin, reset. */
import { definePane } from '../../contract/pane.js';
import { pollRequest } from '../../data/endpoints.js';
import { flowBindings } from './bindings.js';
import { FlowController } from './controller.js';
import { flowKeysEndpoint, globalParallelismEndpoint } from './endpoints.js';
import {
	type FlowAction,
	type FlowState,
	flowReducer,
	flowScope,
	initialFlowState,
	leaveFlow,
} from './flow-state.js';
import { FlowView } from './flow-view.js';

export const flowPane = definePane<FlowState, FlowAction, FlowController>({
	id: 'flow',
	title: 'Flow control',
	shortTitle: 'Flow',
	aliases: ['flowcontrol', 'flow-control', 'fc'],
	numberKey: false,
	summary: 'flow-control keys: wait lists, parallelism and rate against their maxima; pause, pin, reset',
	initial: () => initialFlowState,
	reduce: flowReducer,
	leave: leaveFlow,
	controller: (context) => new FlowController(context),
	polls: () => [pollRequest(flowKeysEndpoint), pollRequest(globalParallelismEndpoint)],
	bindings: flowBindings,
	focus: flowScope,
	View: FlowView,
});
