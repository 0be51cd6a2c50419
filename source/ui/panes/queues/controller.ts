/**
 * The Queues pane's actions: pause, resume, a new parallelism and delete, each shown first as
 * the exact request (the client's request builders), sent only when confirmed, then the list
 * polled again; each queue's lag is sampled from every poll for its trend. The only place of
 * the pane that speaks HTTP.
 */

import {
	deleteQueueRequest,
	pauseQueueRequest,
	resumeQueueRequest,
	upsertQueueRequest,
} from '../../../api/queues-api.js';
import type { PaneContext } from '../../contract/pane.js';
import { type Queue, queuesEndpoint } from '../../data/endpoints.js';
import { commands } from '../../keys/commands.js';
import { askToSend, refusedReadOnly } from '../../kit/request-flow/request-flow-state.js';
import { ResourceController } from '../../kit/resource-list/controller.js';
import { queuesBindings } from './bindings.js';
import { parseParallelism, waitingText } from './queues-model.js';
import type { QueuesAction, QueuesState } from './queues-state.js';

export class QueuesController extends ResourceController<Queue, QueuesState, QueuesAction> {
	/** Its keys, while nothing open has them; the moves go through the list as last drawn. */
	readonly commands = commands(
		queuesBindings,
		'queues',
		{
			'nav.up': this.navigation['nav.up'],
			'nav.down': this.navigation['nav.down'],
			'nav.pageUp': this.navigation['nav.pageUp'],
			'nav.pageDown': this.navigation['nav.pageDown'],
			'queue.pause': () => this.pause(),
			'queue.resume': () => this.resume(),
			'queue.parallelism': () => this.editParallelism(),
			'queue.delete': () => this.remove(),
			...this.rowCommands,
			'filter.clear': () => this.dispatch({ type: 'back' }),
		},
		() => !this.state.confirm && !this.state.editing && !this.state.filtering,
	);

	constructor(ctx: PaneContext<QueuesState, QueuesAction>) {
		super(ctx, { endpoint: queuesEndpoint, key: (q) => q.name, noun: 'queue', trend: (q) => q.lag });
	}

	pause(): void {
		this.withCurrent((q) => {
			if (q.paused) return this.info(`queue ${q.name} is paused already; u resumes it`);
			askToSend(this.sender, 'pausing queues', {
				title: `pause queue ${q.name}: nothing more of it is delivered until resumed; ${waitingText(q)} stay`,
				request: pauseQueueRequest(q.name),
				done: `paused queue ${q.name}`,
			});
		});
	}

	resume(): void {
		this.withCurrent((q) => {
			if (q.paused === false) return this.info(`queue ${q.name} is not paused`);
			const pace = q.parallelism === undefined ? '' : `, ${q.parallelism} at a time`;
			askToSend(this.sender, 'resuming queues', {
				title: `resume queue ${q.name}: ${waitingText(q)} go out in order${pace}`,
				request: resumeQueueRequest(q.name),
				done: `resumed queue ${q.name}`,
			});
		});
	}

	remove(): void {
		this.withCurrent((q) =>
			askToSend(this.sender, 'deleting queues', {
				title: `delete queue ${q.name}: ${waitingText(q)} in it are cancelled`,
				request: deleteQueueRequest(q.name),
				done: `deleted queue ${q.name}`,
			}),
		);
	}

	/** Opens the field for a new parallelism of the selected queue. */
	editParallelism(): void {
		if (refusedReadOnly(this.sender, 'changing parallelism')) return;
		this.withCurrent(() => this.dispatch({ type: 'parallelism/open' }));
	}

	closeParallelism(): void {
		this.dispatch({ type: 'parallelism/close' });
	}

	/**
	 * Shows the upsert that sets the typed parallelism. It carries the queue's paused state as
	 * last read, because the upsert sets that too: a paused queue stays paused.
	 */
	submitParallelism(text: string): void {
		const queue = this.current();
		if (!queue) {
			this.closeParallelism();
			return;
		}
		const parsed = parseParallelism(text);
		if ('error' in parsed) {
			this.dispatch({ type: 'request/notice', notice: { tone: 'error', text: parsed.error } });
			return;
		}
		const from = queue.parallelism === undefined ? '' : ` from ${queue.parallelism}`;
		const paused = queue.paused ?? false;
		askToSend(this.sender, 'changing parallelism', {
			title: `set the parallelism of queue ${queue.name}${from} to ${parsed.value} (${waitingText(queue)}; ${paused ? 'stays paused' : 'keeps running'})`,
			request: upsertQueueRequest(queue.name, { parallelism: parsed.value, paused }),
			done: `queue ${queue.name} now takes ${parsed.value} at a time`,
		});
	}
}
