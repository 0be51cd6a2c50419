/** Queues: ordered delivery with a parallelism, their lag and its trend; pause, resume, parallelism. */
import { definePane } from '../../contract/pane.js';
import { pollRequest, queuesEndpoint } from '../../data/endpoints.js';
import { queuesBindings } from './bindings.js';
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
	bindings: queuesBindings,
	focus: queuesScope,
	View: QueuesView,
});
