/**
 * The Queues pane's actions: pause, resume, a new parallelism and delete, each shown first as
 * the exact request (the client's request builders), sent only when confirmed, then the list
 * polled again; and each queue's lag sampled from every poll for its trend. The only place of
 * the pane that speaks HTTP.
 */
import {
	deleteQueueRequest,
	pauseQueueRequest,
	resumeQueueRequest,
	upsertQueueRequest,
} from '../../../api/queues-api.js';
import type { PaneContext } from '../../contract/pane.js';
import { describeSendError } from '../../data/describe-error.js';
import { entryOf } from '../../data/poll-store.js';
import { readOnlyNotice } from '../../kit/notice-line/view.js';
import { askToSend, type RequestSender, sendConfirmed } from '../../kit/request-flow/state.js';
import { selectedIndex } from '../../kit/tail-list/selection.js';
import { type Queue, queuesEndpoint } from './endpoints.js';
import { parseParallelism, waitingText } from './model.js';
import type { QueuesAction, QueuesState } from './state.js';

export class QueuesController {
	private closed = false;
	private readonly sender: RequestSender;
	private readonly unsubscribe: () => void;
	private sampled: unknown;

	constructor(private readonly ctx: PaneContext<QueuesState, QueuesAction>) {
		this.sender = {
			flow: () => ctx.store.getSnapshot(),
			dispatch: (action) => this.dispatch(action),
			readOnly: ctx.readOnly,
			send: (request) => ctx.client.send(request),
			describe: describeSendError,
			refresh: () => ctx.refresh(),
		};
		this.unsubscribe = ctx.polls.subscribe(() => this.sample());
	}

	get state(): QueuesState {
		return this.ctx.store.getSnapshot();
	}

	private dispatch(action: QueuesAction): void {
		if (!this.closed) this.ctx.store.dispatch(action);
	}

	/** Each new answer is one sample of every queue's lag. */
	private sample(): void {
		const queues = this.queues();
		if (!queues || queues === this.sampled) return;
		this.sampled = queues;
		this.dispatch({ type: 'lag/sample', samples: queues.map((q) => [q.name, q.lag]) });
	}

	queues(): readonly Queue[] | undefined {
		return entryOf(this.ctx.polls.getSnapshot(), queuesEndpoint)?.data;
	}

	current(): Queue | undefined {
		const queues = this.queues() ?? [];
		return queues[
			selectedIndex(
				queues.map((q) => q.name),
				this.state.selected,
			)
		];
	}

	move(delta: number): void {
		this.dispatch({ type: 'move', names: (this.queues() ?? []).map((q) => q.name), delta });
	}

	private withCurrent(act: (queue: Queue) => void): void {
		const queue = this.current();
		if (queue) act(queue);
		else this.info('no queue selected');
	}

	private info(text: string): void {
		this.dispatch({ type: 'request/notice', notice: { tone: 'info', text } });
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
		if (this.ctx.readOnly) {
			this.dispatch({ type: 'request/notice', notice: readOnlyNotice('changing parallelism') });
			return;
		}
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

	cancelConfirm(): void {
		this.dispatch({ type: 'request/cancel' });
	}

	async send(): Promise<void> {
		await sendConfirmed(this.sender);
	}

	dispose(): void {
		this.closed = true;
		this.unsubscribe();
	}
}
