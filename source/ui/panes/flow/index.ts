/** Flow control: keys with their wait lists, parallelism and rate against the maxima; pause, pin, reset. */
import { definePane } from '../../contract/pane.js';
import { pollRequest } from '../../data/endpoints.js';
import { upDown } from '../../kit/tail-list/bindings.js';
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
	bindings: [
		...upDown('flow', 'select'),
		{
			command: 'flow.pause',
			scope: 'flow',
			keys: ['p'],
			description: 'pause the key: none of its deliveries start (shown first)',
			hint: { keys: 'p/u', label: 'pause/resume' },
			edit: true,
		},
		{
			command: 'flow.resume',
			scope: 'flow',
			keys: ['u'],
			description: 'resume the key (shown first)',
			edit: true,
		},
		{
			command: 'flow.pin',
			scope: 'flow',
			keys: ['P'],
			description: 'pin a parallelism, rate or period over what messages ask for (a form)',
			hint: { keys: 'P/U', label: 'pin/unpin' },
			edit: true,
		},
		{
			command: 'flow.unpin',
			scope: 'flow',
			keys: ['U'],
			description: 'unpin the parallelism, the rate or both (a form)',
			edit: true,
		},
		{
			command: 'flow.resetRate',
			scope: 'flow',
			keys: ['z'],
			description: 'reset the rate: a fresh rate period starts now (shown first)',
			hint: { label: 'reset rate' },
			edit: true,
		},
	],
	focus: flowScope,
	View: FlowView,
});
