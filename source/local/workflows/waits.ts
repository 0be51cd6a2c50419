/**
 * `waitForEvent` and notify (docs/protocol/workflows.md): a step that waits is kept as a waiter
 * until an event is notified to it or its timeout passes; either way the route gets the wait
 * step's result as the run's next step. An event notified to one run before it waits is kept
 * until it does. Each waiter's deadline is on a timer.
 */
import type { Waiter } from '../../api/workflow-schemas.js';
import type { Clock } from '../clock.js';
import { usedUp } from '../errors.js';
import type { StoredMessage } from '../messages/message.js';
import type { HeapItem } from '../scheduler/min-heap.js';
import { Scheduler } from '../scheduler/scheduler.js';
import type { WaiterRecord, WaiterStore } from '../stores/waiter-store.js';
import type { RunRecord, WorkflowRunStore } from '../stores/workflow-run-store.js';
import { base64, type RunHistory } from './history.js';
import { runInProgress, runningRun } from './run-lookup.js';

/** A `waitForEvent` as the SDK sends it, checked. */
export interface WaitRequest {
	url: string;
	timeout: string;
	timeoutMs: number;
	timeoutUrl?: string;
	timeoutBody?: string;
	timeoutHeaders?: Record<string, string[]>;
	headers: Record<string, string[]>;
	step: Record<string, unknown>;
}

/** What notify and the waiter list show of a waiter. */
export function waiterResource(waiter: WaiterRecord): Waiter {
	const out: Waiter = {
		url: waiter.url,
		deadline: Math.floor(waiter.deadline / 1000),
		headers: waiter.headers,
		timeoutUrl: waiter.timeoutUrl,
	};
	if (waiter.timeoutHeaders) out.timeoutHeaders = waiter.timeoutHeaders;
	if (waiter.timeoutBody !== undefined) out.timeoutBody = waiter.timeoutBody;
	return out;
}

export interface RunWaitsDeps {
	clock: Clock;
	runs: WorkflowRunStore;
	waiters: WaiterStore;
	history: RunHistory;
}

interface WaitTimer extends HeapItem {
	waiterId: string;
}

export class RunWaits {
	private readonly timers: Scheduler<WaitTimer>;
	private readonly armed = new Map<string, WaitTimer>();

	constructor(private readonly deps: RunWaitsDeps) {
		this.timers = new Scheduler(deps.clock, (timer) => this.timedOut(timer.waiterId));
	}

	/**
	 * A `waitForEvent` step of a run in progress (`POST /v2/wait/{eventId}`): waits, or takes an
	 * event notified to the run before.
	 */
	wait(runId: string, eventId: string, request: WaitRequest): void {
		const run = runningRun(this.deps.runs, runId);
		const now = this.deps.clock.now();
		const stepId = typeof request.step.stepId === 'number' ? request.step.stepId : run.entries.length;
		const waiter: WaiterRecord = {
			id: `${runId}:${stepId}:${eventId}`,
			eventId,
			runId,
			url: request.url,
			timeoutUrl: request.timeoutUrl ?? request.url,
			timeout: request.timeout,
			deadline: now + request.timeoutMs,
			headers: request.headers,
			step: request.step,
			createdAt: now,
		};
		if (request.timeoutHeaders) waiter.timeoutHeaders = request.timeoutHeaders;
		if (request.timeoutBody !== undefined) waiter.timeoutBody = request.timeoutBody;
		const kept = this.deps.waiters.take(runId, eventId);
		if (kept) {
			this.release(waiter, kept.data, false);
			return;
		}
		// Refused before anything is kept (docs/protocol/limits.md#waiters).
		const refusal = this.deps.waiters.refusal(waiter);
		if (refusal !== undefined) throw usedUp(`wait: ${refusal}`);
		this.deps.waiters.add(waiter);
		this.arm(waiter);
	}

	/** Notifies every waiter of an event; the messages that take the event to their routes. */
	notify(eventId: string, data: Buffer): { waiter: WaiterRecord; messageId: string }[] {
		const released = [];
		for (const waiter of this.deps.waiters.forEvent(eventId)) {
			const message = this.release(waiter, base64(data), false);
			if (message) released.push({ waiter, messageId: message.id });
		}
		return released;
	}

	/**
	 * Notifies one run: its waiter takes the event now, or, when it does not wait yet, the event
	 * is kept until it does.
	 */
	notifyRun(
		runId: string,
		eventId: string,
		data: Buffer,
	): { run: RunRecord; waiter?: WaiterRecord; messageId?: string } {
		const run = runningRun(this.deps.runs, runId);
		const waiter = this.deps.waiters.forRun(runId).find((w) => w.eventId === eventId);
		if (waiter) {
			const message = this.release(waiter, base64(data), false);
			return message ? { run, waiter, messageId: message.id } : { run };
		}
		this.deps.waiters.keep({ runId, eventId, data: base64(data), createdAt: this.deps.clock.now() });
		return { run };
	}

	/** Whether the run waits for an event. */
	isWaiting(runId: string): boolean {
		return this.deps.waiters.forRun(runId).length > 0;
	}

	/** Drops every wait of a run (it ended): no event or timeout reaches it any more. */
	dropRun(runId: string): void {
		for (const waiter of this.deps.waiters.dropRun(runId)) this.disarm(waiter.id);
	}

	/** Arms the timeouts of every waiter in the store (after it was restored). */
	armAll(): void {
		for (const waiter of this.deps.waiters.all()) if (!this.armed.has(waiter.id)) this.arm(waiter);
	}

	close(): void {
		this.timers.close();
		this.armed.clear();
	}

	/** The route gets the event (or the timeout) as the wait step's result. */
	private release(
		waiter: WaiterRecord,
		data: string | undefined,
		timedOut: boolean,
	): StoredMessage | undefined {
		this.deps.waiters.remove(waiter.id);
		this.disarm(waiter.id);
		const run = runInProgress(this.deps.runs, waiter.runId);
		if (!run) return undefined;
		const step: Record<string, unknown> = {
			...waiter.step,
			waitEventId: waiter.eventId,
			timeout: waiter.timeout,
			waitTimeout: timedOut,
		};
		if (data === undefined) delete step.out;
		else step.out = data;
		const now = this.deps.clock.now();
		const message = this.deps.history.appendStep(
			run,
			timedOut ? waiter.timeoutUrl : waiter.url,
			base64(JSON.stringify(step)),
			{},
			now,
		);
		const entry = run.entries.at(-1);
		if (entry?.messageId === message.id) {
			entry.waitDeadline = waiter.deadline;
			this.deps.runs.changed(run, entry);
		}
		return message;
	}

	private arm(waiter: WaiterRecord): void {
		const timer: WaitTimer = { waiterId: waiter.id, dueAt: waiter.deadline, heapIndex: -1, heapSeq: 0 };
		this.armed.set(waiter.id, timer);
		this.timers.schedule(timer);
	}

	private disarm(waiterId: string): void {
		const timer = this.armed.get(waiterId);
		if (!timer) return;
		this.timers.unschedule(timer);
		this.armed.delete(waiterId);
	}

	private timedOut(waiterId: string): void {
		this.armed.delete(waiterId);
		const waiter = this.deps.waiters.get(waiterId);
		if (!waiter) return;
		this.release(waiter, undefined, true);
	}
}
