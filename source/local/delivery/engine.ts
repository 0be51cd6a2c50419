/**
 * The delivery state machine (docs/protocol/delivery.md#lifecycle): a message waits in the
 * scheduler until due, passes its flow-control key and the account's global parallelism, is sent,
 * and then is delivered (2xx), scheduled for a retry, or failed into the dead letter queue. Each
 * attempt that gets a response calls the callback; a failure calls the failure callback with the
 * dlqId. Callbacks are new signed messages with their own retries. Deliveries run concurrently, and
 * the slots are shared between destinations (origin-slots.ts), so a slow or silent destination
 * holds only its own messages.
 */
import type { Dispatcher } from 'undici';
import { type Dialect, prefixed } from '../../api/dialect.js';
import type { PublishOptions } from '../../api/publish-options.js';
import type { CallbackBody, EventState } from '../../api/schemas.js';
import type { PlanLimits } from '../account/limits.js';
import type { Clock } from '../clock.js';
import { createMessage } from '../messages/factory.js';
import { loopRefusedHeader } from '../messages/hops.js';
import type { CallbackTarget, StoredMessage } from '../messages/message.js';
import { Scheduler } from '../scheduler/scheduler.js';
import type { MessageOutcome, UsageStats } from '../stats/usage.js';
import type { DlqStore } from '../stores/dlq-store.js';
import type { LogRecord, LogStore } from '../stores/log-store.js';
import { discard, type RecordSink } from '../stores/record-sink.js';
import { type AttemptResult, attemptDelivery } from './attempt.js';
import { type Backoff, nextRetryDelay } from './backoff.js';
import { type AttemptResponse, callbackBody } from './compose-callback.js';
import { FlowGate, type FlowKeySettings } from './flow-control.js';
import { OriginSlots, originParallelism } from './origin-slots.js';
import { OutgoingHeaders } from './outgoing.js';
import { type LaneSettings, QueueLanes } from './queue-lanes.js';
import { type DeliveryTarget, deliveryTarget } from './target.js';

/** How a message ended: delivered, failed into the dead letter queue, or cancelled. */
export type FinalOutcome = Exclude<MessageOutcome, 'retry'>;

/** How a message ended, with the last answer of its destination and its dead letter, if any. */
export interface FinalDetail {
	response?: AttemptResponse;
	dlqId?: string;
}

/**
 * What the workflow engine is told and asked about the messages of runs (those with a
 * `workflowRunId`): their runs follow every state change, and their callbacks are messages
 * of the run (a `context.call`'s answer goes back to the route as a step).
 */
export interface RunHooks {
	event(message: StoredMessage, state: EventState, detail: Partial<LogRecord>): void;
	finished(message: StoredMessage, outcome: FinalOutcome, detail: FinalDetail): void;
	/** The callback of a run's message as a message of its run; undefined sends nothing. */
	callback(source: StoredMessage, body: CallbackBody, target: CallbackTarget): StoredMessage | undefined;
}

export interface EngineDeps {
	dialect: Dialect;
	/** The region every delivery names (`US-EAST-1`), when the service runs as one of several. */
	region?: string | undefined;
	clock: Clock;
	limits: PlanLimits;
	signingKey: () => string;
	usage: UsageStats;
	events: LogStore;
	dlq: DlqStore;
	backoff: Backoff;
	dispatcher: Dispatcher;
	/** Told about bugs met while delivering; delivery carries on. */
	onError: (error: unknown) => void;
	/** The settings of a queue now; undefined once it is deleted. */
	queueSettings?: (name: string) => LaneSettings | undefined;
	/** Told when a message is delivered, failed or cancelled (schedules keep their last states). */
	onFinished?: (message: StoredMessage, outcome: FinalOutcome) => void;
	/** Told of every message from acceptance (and each retry) until it is delivered, failed or cancelled. */
	messageSink?: RecordSink<StoredMessage>;
	/** Told of the flow-control keys set through the API. */
	flowSink?: RecordSink<FlowKeySettings>;
	/** The workflow engine, for the messages of runs. */
	runs?: RunHooks;
	/**
	 * Resolves once every change reported so far is kept (undefined when it is); rejects when
	 * it cannot be. An attempt goes out only after it resolves: what a failed write takes back
	 * must not have been sent.
	 */
	kept?: () => Promise<void> | undefined;
}

const noResponse: AttemptResponse = { status: 0, headers: {}, body: Buffer.alloc(0) };
const noBody = Buffer.alloc(0);

/** Where a message's attempts go, worked out at its first attempt. */
function targetOf(message: StoredMessage): DeliveryTarget | undefined {
	message.target ??= deliveryTarget(message.url);
	return message.target;
}

export class DeliveryEngine {
	/** Every message from acceptance until delivered, failed or cancelled. */
	readonly messages = new Map<string, StoredMessage>();
	private readonly scheduler: Scheduler<StoredMessage>;
	/** Flow control per key: the flow-control API acts on it directly. */
	readonly flow: FlowGate<StoredMessage>;
	/** Queues in motion: their lag, and a wake-up after a resume. */
	readonly queues: QueueLanes<StoredMessage>;
	/** Admitted by flow control: the global slots, shared fairly between destinations. */
	private readonly slots: OriginSlots<StoredMessage>;
	private closed = false;
	/** The write the attempts in keptSends wait for. */
	private keptWrite: Promise<void> | undefined;
	private keptSends: StoredMessage[] = [];
	private readonly outgoing: OutgoingHeaders;
	private readonly sink: RecordSink<StoredMessage>;
	/** The mark of the service's own refusal of a delivery that came back to it (lowercase). */
	private readonly loopRefused: string;

	constructor(private readonly deps: EngineDeps) {
		this.outgoing = new OutgoingHeaders(deps.dialect, deps.region);
		this.loopRefused = loopRefusedHeader(deps.dialect).toLowerCase();
		this.sink = deps.messageSink ?? discard();
		this.scheduler = new Scheduler(deps.clock, (m) => this.due(m));
		this.flow = new FlowGate(deps.clock, (m) => this.launch(m), deps.flowSink);
		this.queues = new QueueLanes(deps.queueSettings ?? (() => undefined), (m) => this.flow.submit(m));
		this.slots = new OriginSlots(
			{ global: deps.limits.max_global_parallelism, perOrigin: originParallelism(deps.limits) },
			// A URL that does not parse is its own origin: its attempts fail at once.
			(m) => targetOf(m)?.origin ?? m.url,
			(m) => this.start(m),
		);
	}

	get inFlightCount(): number {
		return this.slots.inFlight;
	}

	accept(message: StoredMessage): void {
		this.messages.set(message.id, message);
		this.sink.put(message.id, message);
		this.queues.added(message);
		this.event(message, 'CREATED');
		this.scheduler.schedule(message);
	}

	/**
	 * Takes back messages that were kept across a restart, oldest first: each waits for its
	 * time again (one that was due while the service was down is due at once), one that held
	 * its queue's slot holds it again, and one whose cancel was asked for mid-attempt is
	 * cancelled now. One that was in the middle of an attempt is attempted again.
	 */
	restore(kept: readonly StoredMessage[]): void {
		const cancelled: StoredMessage[] = [];
		for (const message of [...kept].sort((a, b) => a.createdAt - b.createdAt)) {
			message.state = message.retried > 0 ? 'retry' : 'waiting';
			message.heapIndex = -1;
			this.messages.set(message.id, message);
			this.queues.added(message);
			if (message.cancelRequested) cancelled.push(message);
			else this.scheduler.schedule(message);
		}
		for (const message of cancelled) this.finishCancelled(message);
	}

	/** Cancels the messages `select` picks, at most `limit` of them, oldest first; answers how many. */
	cancelWhere(select: (message: StoredMessage) => boolean, limit = Number.POSITIVE_INFINITY): number {
		const chosen: StoredMessage[] = [];
		for (const message of this.messages.values()) {
			if (chosen.length >= limit) break;
			if (select(message)) chosen.push(message);
		}
		for (const message of chosen) this.cancel(message.id);
		return chosen.length;
	}

	/** Cancels a message that is not yet delivered; false when there is no such message. */
	cancel(id: string): boolean {
		const message = this.messages.get(id);
		if (!message) return false;
		this.event(message, 'CANCEL_REQUESTED');
		if (message.state === 'active' && !this.withdrawWaiting(message)) {
			// In flight: the attempt ends first, then the message is cancelled instead of retried.
			message.cancelRequested = true;
			this.sink.put(message.id, message);
			return true;
		}
		this.scheduler.unschedule(message) || this.queues.withdraw(message) || this.flow.withdraw(message);
		this.finishCancelled(message);
		return true;
	}

	close(): void {
		this.closed = true;
		this.scheduler.close();
		this.flow.close();
	}

	/** A message whose time has come: through its queue (first attempt only), then flow control. */
	private due(message: StoredMessage): void {
		if (message.queueName !== undefined && !message.holdsQueueSlot)
			this.queues.submit(message as StoredMessage & { queueName: string });
		else this.flow.submit(message);
	}

	private withdrawWaiting(message: StoredMessage): boolean {
		if (!this.slots.withdraw(message)) return false;
		this.flow.done(message);
		return true;
	}

	private launch(message: StoredMessage): void {
		message.state = 'active';
		this.slots.submit(message);
	}

	private start(message: StoredMessage): void {
		// What the attempt waits for is the message itself kept, not the record that it is under
		// way: asked first, a message kept a batch ago goes out at once, its ACTIVE record written
		// with the next batch (lost to a kill, it is the attempt itself that is made again).
		const kept = this.deps.kept?.();
		this.event(message, 'ACTIVE');
		if (!kept) {
			this.send(message);
			return;
		}
		// The keeper answers the same promise until its next write starts: the attempts that
		// wait for one write go out together, in order, from one callback.
		if (kept !== this.keptWrite) {
			const sends: StoredMessage[] = [];
			this.keptWrite = kept;
			this.keptSends = sends;
			// A store that failed is reloaded whole, this engine with it: what waits here is dropped.
			kept.then(
				() => {
					for (const waiting of sends) this.send(waiting);
				},
				() => {},
			);
		}
		this.keptSends.push(message);
	}

	private send(message: StoredMessage): void {
		if (this.closed) return;
		const sent = message.method === 'GET' || message.method === 'HEAD' ? noBody : message.body;
		const { clock, limits, dispatcher } = this.deps;
		const done = (result: AttemptResult) => {
			try {
				this.finish(message, sent.length, result);
			} catch (error) {
				this.deps.onError(error);
			}
		};
		let headers: Record<string, string>;
		try {
			headers = this.outgoing.build(message, sent, this.deps.signingKey(), Math.floor(clock.now() / 1000));
		} catch (error) {
			// A bug here must cost one attempt, not the scheduler's timer (and the process).
			this.deps.onError(error);
			queueMicrotask(() =>
				done({ kind: 'error', error: 'internal error in the local service', timedOut: false }),
			);
			return;
		}
		attemptDelivery(
			{
				target: targetOf(message),
				method: message.method,
				headers,
				body: sent,
				timeoutMs: message.timeoutMs,
				maxResponseBytes: limits.max_message_size,
				dispatcher,
			},
			done,
		);
	}

	private finish(message: StoredMessage, sentBytes: number, result: AttemptResult): void {
		this.slots.done(message);
		this.flow.done(message);
		if (this.closed) return;
		const now = this.deps.clock.now();
		const response = result.kind === 'response' ? result : undefined;
		this.deps.usage.attempt(now, sentBytes + (response?.bodyBytes ?? 0));
		if (response && response.status >= 200 && response.status < 300) {
			this.deliver(message, response);
			return;
		}
		const detail: Partial<LogRecord> = response
			? { responseStatus: response.status, responseHeader: response.headers, responseBody: response.body }
			: { error: result.kind === 'error' ? result.error : 'no response' };
		this.event(message, 'ERROR', detail);
		if (response && message.callback) this.sendCallback(message, message.callback, 'callback', response);
		if (message.cancelRequested) {
			this.finishCancelled(message);
			return;
		}
		const nonRetryable =
			response?.status === 489 &&
			response.headers[prefixed(this.deps.dialect, 'NonRetryable-Error').toLowerCase()]?.[0]?.trim() ===
				'true';
		if (!nonRetryable && message.retried < message.maxRetries) {
			this.retry(message, response, now);
			return;
		}
		this.fail(message, response, now);
	}

	private deliver(message: StoredMessage, response: AttemptResponse & { status: number }): void {
		const now = this.deps.clock.now();
		this.forget(message);
		this.event(message, 'DELIVERED', { responseStatus: response.status });
		this.deps.usage.outcome(now, 'delivered', message.kind === 'workflow');
		this.finished(message, 'delivered', { response });
		if (message.callback) this.sendCallback(message, message.callback, 'callback', response);
	}

	private retry(
		message: StoredMessage,
		response: (AttemptResponse & { status: number }) | undefined,
		now: number,
	) {
		const delay = nextRetryDelay({
			retryAfter: response?.headers['retry-after']?.[0],
			retryDelay: message.retryDelay,
			retried: message.retried,
			backoff: this.deps.backoff,
			now,
		});
		message.retried++;
		message.state = 'retry';
		message.dueAt = now + delay;
		this.sink.put(message.id, message);
		this.deps.usage.outcome(now, 'retry', message.kind === 'workflow');
		// The event carries the time the delay was counted from, so the two differ by exactly it.
		this.event(message, 'RETRY', { time: now, nextDeliveryTime: message.dueAt });
		this.scheduler.schedule(message);
	}

	private fail(message: StoredMessage, response: AttemptResponse | undefined, now: number): void {
		this.forget(message);
		// A context.call its destination answered is not a failure of the run: the answer, 2xx or
		// not, goes back to the route as the step's result (its callback), so no dead letter.
		const answeredCall = message.workflowPart === 'call' && response !== undefined;
		const loop = response?.status === 489 && response.headers[this.loopRefused]?.[0]?.trim() === 'true';
		const dlqId = answeredCall ? undefined : this.deps.dlq.add(message, response, now, loop);
		this.deps.usage.outcome(now, 'failed', message.kind === 'workflow');
		this.event(message, 'FAILED', response ? { responseStatus: response.status } : {});
		this.finished(message, 'failed', { ...(response ? { response } : {}), ...(dlqId ? { dlqId } : {}) });
		if (message.failureCallback && dlqId !== undefined) {
			this.sendCallback(message, message.failureCallback, 'failure-callback', response ?? noResponse, dlqId);
		}
	}

	private forget(message: StoredMessage): void {
		this.messages.delete(message.id);
		this.sink.delete(message.id);
	}

	private finishCancelled(message: StoredMessage): void {
		this.forget(message);
		this.deps.usage.outcome(this.deps.clock.now(), 'cancelled', message.kind === 'workflow');
		this.event(message, 'CANCELLED');
		this.finished(message, 'cancelled', {});
	}

	private finished(message: StoredMessage, outcome: FinalOutcome, detail: FinalDetail): void {
		this.queues.finished(message);
		this.deps.onFinished?.(message, outcome);
		if (message.workflowRunId !== undefined) this.deps.runs?.finished(message, outcome, detail);
	}

	private sendCallback(
		source: StoredMessage,
		target: CallbackTarget,
		kind: 'callback' | 'failure-callback',
		response: AttemptResponse,
		dlqId?: string,
	): void {
		const body = callbackBody(source, response, dlqId);
		if (source.workflowRunId !== undefined && this.deps.runs) {
			const step = this.deps.runs.callback(source, body, target);
			if (step) this.accept(step);
			return;
		}
		const overrides = target.overrides;
		const options: PublishOptions = { contentType: 'application/json' };
		if (overrides?.method !== undefined) options.method = overrides.method;
		if (overrides?.retries !== undefined) options.retries = overrides.retries;
		if (overrides?.timeoutMs !== undefined) options.timeoutMs = overrides.timeoutMs;
		if (overrides?.delayMs !== undefined) options.delayMs = overrides.delayMs;
		if (target.forwardHeaders) options.forwardHeaders = target.forwardHeaders;
		const callback = createMessage(
			{
				kind,
				url: target.url,
				options,
				body: Buffer.from(JSON.stringify(body)),
				callerIp: source.callerIp,
				// A callback that reaches the service again counts as the source's next pass.
				hops: source.hops,
				now: this.deps.clock.now(),
			},
			this.deps.limits,
			this.deps.dialect,
		);
		this.accept(callback);
	}

	private event(message: StoredMessage, state: EventState, extra?: Partial<LogRecord>): void {
		const time = this.deps.clock.now();
		// Most events carry nothing more: no empty object to spread for them.
		this.deps.events.add(extra === undefined ? { time, state, message } : { time, state, message, ...extra });
		if (message.workflowRunId !== undefined) this.deps.runs?.event(message, state, extra ?? {});
	}
}
