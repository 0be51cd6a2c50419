/** The keys of the Queues pane. */
import { bindingsIn } from '../../keys/bind.js';
import { upDown } from '../../kit/tail-list/bindings.js';

const key = bindingsIn('queues');

export const queuesBindings = [
	...upDown('queues', 'select'),
	key('queue.pause', 'p', 'pause the queue: what waits in it stays (shown first)', {
		hint: { keys: 'p/u', label: 'pause/resume' },
		edit: true,
	}),
	key('queue.resume', 'u', 'resume the queue (shown first)', { edit: true }),
	key('queue.parallelism', 's', 'set how many of its messages are delivered at once (shown first)', {
		hint: 'parallelism',
		edit: true,
	}),
	key('queue.delete', 'D', 'delete the queue, cancelling what waits in it (shown first)', { edit: true }),
] as const;
