/** Queues: ordered delivery with a parallelism, their lag and its trend; pause, resume, parallelism. */
import { definePane } from '../../contract/pane.js';
import { pollRequest, queuesEndpoint } from '../../data/endpoints.js';
import { queuesBindings } from './bindings.js';
import { QueuesController } from './controller.js';
import { initialQueuesState, leaveQueues, queuesReducer, queuesScope } from './queues-state.js';
import { QueuesView } from './queues-view.js';

export const queuesPane = definePane({
	names: { id: 'queues', title: 'Queues', shortTitle: 'Queues', aliases: ['queue'] },
	summary: 'queues with their lag and parallelism; pause, resume, change the parallelism',
	model: { initial: initialQueuesState, reduce: queuesReducer, leave: leaveQueues, focus: queuesScope },
	Controller: QueuesController,
	polls: () => [pollRequest(queuesEndpoint)],
	bindings: queuesBindings,
	View: QueuesView,
});
