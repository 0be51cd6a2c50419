/** The keys of the Queues pane. */
import { bindingsIn } from '../../keys/bind.js';
import { clearBinding, rowBindings } from '../../kit/row-filter/bindings.js';
import { pauseResume, upDown } from '../../kit/tail-list/bindings.js';

const key = bindingsIn('queues');

export const queuesBindings = [
	...upDown('queues', 'select'),
	...pauseResume(
		'queues',
		'queue',
		'pause the queue: what waits in it stays (shown first)',
		'resume the queue (shown first)',
	),
	key('queue.parallelism', 's', 'set how many of its messages are delivered at once (shown first)', {
		hint: 'parallelism',
		edit: true,
	}),
	key('queue.delete', 'D', 'delete the queue, cancelling what waits in it (shown first)', { edit: true }),
	...rowBindings('queues', 'queues'),
	clearBinding('queues'),
] as const;
