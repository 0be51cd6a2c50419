/** Queues: ordered delivery with a parallelism, their lag and its trend; pause, resume, parallelism. */
import { definePane } from '../../contract/pane.js';
import { pollRequest, queuesEndpoint } from '../../data/endpoints.js';
import { upDown } from '../../kit/tail-list/bindings.js';
import { QueuesController } from './controller.js';
import {
	initialQueuesState,
	leaveQueues,
	type QueuesAction,
	type QueuesState,
	queuesReducer,
	queuesScope,
} from './queues-state.js';
import { QueuesView } from './queues-view.js';

export const queuesPane = definePane<QueuesState, QueuesAction, QueuesController>({
	id: 'queues',
	title: 'Queues',
	shortTitle: 'Queues',
	aliases: ['queue'],
	numberKey: false,
	summary: 'queues with their lag and parallelism; pause, resume, change the parallelism',
	initial: () => initialQueuesState,
	reduce: queuesReducer,
	leave: leaveQueues,
	controller: (context) => new QueuesController(context),
	polls: () => [pollRequest(queuesEndpoint)],
	bindings: [
		...upDown('queues', 'select'),
		{
			command: 'queue.pause',
			scope: 'queues',
			keys: ['p'],
			description: 'pause the queue: what waits in it stays (shown first)',
			hint: { keys: 'p/u', label: 'pause/resume' },
			edit: true,
		},
		{
			command: 'queue.resume',
			scope: 'queues',
			keys: ['u'],
			description: 'resume the queue (shown first)',
			edit: true,
		},
		{
			command: 'queue.parallelism',
			scope: 'queues',
			keys: ['s'],
			description: 'set how many of its messages are delivered at once (shown first)',
			hint: { label: 'parallelism' },
			edit: true,
		},
		{
			command: 'queue.delete',
			scope: 'queues',
			keys: ['D'],
			description: 'delete the queue, cancelling what waits in it (shown first)',
			edit: true,
		},
	],
	focus: queuesScope,
	View: QueuesView,
});
