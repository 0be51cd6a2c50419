/**
 * Workflow runs on the local service, as the workflow SDK drives them
 * (docs/protocol/workflows.md#step-protocol). A run starts with a message marked
 * `<prefix>Workflow-Init: true` (the SDK's trigger, or `/v2/trigger`); each step the route then
 * submits (through `/v2/batch` or a publish, marked with the run id) joins the run's history and
 * becomes the next call of the route, carrying the history up to it. A sleep is a step delivered
 * late; a `context.call` goes to its URL and its answer comes back to the route as a callback; a
 * `waitForEvent` waits for a notify or its timeout. The route ends the run
 * (`DELETE /v2/workflows/runs/{id}`), or a step fails for good and the run fails, calling its
 * failure function (or failure URL); a cancel stops everything the run has in motion.
 */
import type { Dialect } from '../../api/dialect.js';
import type { PublishOptions } from '../../api/publish-options.js';
import type { CallbackBody, EventState, PublishResult } from '../../api/schemas.js';
import { rawStep, rawStepsBody } from '../../api/workflow-protocol.js';
import type { Waiter, WorkflowRunState } from '../../api/workflow-schemas.js';
import { maxRequestNesting, nestsDeeperThan } from '../../text/json-nesting.js';
import type { PlanLimits } from '../account/limits.js';
import type { Clock } from '../clock.js';
import type { AttemptResponse } from '../delivery/compose-callback.js';
import { callbackBody } from '../delivery/compose-callback.js';
import type { DeliveryEngine, FinalDetail, FinalOutcome, RunHooks } from '../delivery/engine.js';
import { tooDeep } from '../http/body.js';
import { badRequest, HttpError, notFound } from '../http/reply.js';
import { checkLimits, destinationHeaders } from '../messages/factory.js';
import { incomingHops } from '../messages/hops.js';
import type { CallbackTarget, StoredMessage } from '../messages/message.js';
import { decodeOptions } from '../messages/options.js';
import type { HeapItem } from '../scheduler/min-heap.js';
import { Scheduler } from '../scheduler/scheduler.js';
import type { UsageStats } from '../stats/usage.js';
import type { LogRecord } from '../stores/log-store.js';
import type { WaiterRecord, WaiterStore } from '../stores/waiter-store.js';
import type { RunEntry, RunRecord, WorkflowRunStore } from '../stores/workflow-run-store.js';
import { RunMessages, runOptions } from './run-messages.js';

export interface WorkflowEngineDeps {
	dialect: Dialect;
	clock: Clock;
	limits: PlanLimits;
	usage: UsageStats;
	runs: WorkflowRunStore;
	waiters: WaiterStore;
	/** The delivery engine (it is built with this engine's hooks, so it comes later). */
	delivery: () => DeliveryEngine;
}

/** A message marked with a run id, as a publish or a batch item brought it. */
export interface Submission {
	url: string;
	/** Configuration and headers, lowercase names. */
	fields: ReadonlyMap<string, string>;
	body: Buffer;
	callerIp: string;
	/** Loop detection's count (messages/hops.ts): read from `fields` when not given. */
	hops?: number;
	now: number;
}

interface PlannedMessage {
	runId: string;
	submission: Submission;
	/** The message it makes, built (so every header it carries is checked) before anything changes. */
	message: StoredMessage;
	/** What its entry in the run's history holds, base64: the payload, or what the route sent. */
	payload: string;
}

/** A start of a run, checked and built: committing it changes the account, planning changes nothing. */
export type StartPlan = PlannedMessage & {
	kind: 'start';
	/** The run it starts, unless the account has one of its id by the time it is committed. */
	run: RunRecord;
};

/** A submission checked and built: committing it changes the run, planning changes nothing. */
export type SubmissionPlan =
	| StartPlan
	| (PlannedMessage & { kind: 'step' })
	| (PlannedMessage & { kind: 'call'; stepId: number | undefined });

export interface StartAnswer {
	run: RunRecord;
	/** The message that calls the route first (the existing run's, when deduplicated). */
	messageId: string;
	deduplicated: boolean;
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

interface WaitTimer extends HeapItem {
	waiterId: string;
}

/** Errors kept per message of a run: the newest. */
const errorsKept = 10;
/** Bytes of an error answer kept in a run's log. */
const errorBodyKept = 4096;

const base64 = (bytes: Buffer | string) => Buffer.from(bytes).toString('base64');

export class WorkflowEngine {
	readonly messages: RunMessages;
	private readonly timers: Scheduler<WaitTimer>;
	private readonly armed = new Map<string, WaitTimer>();

	constructor(private readonly deps: WorkflowEngineDeps) {
		this.messages = new RunMessages(deps.dialect, deps.limits);
		this.timers = new Scheduler(deps.clock, (timer) => this.timedOut(timer.waiterId));
	}

	get headers() {
		return this.messages.headers;
	}

	/** Whether a publish or batch item is a message of a run (it names one). */
	isRunMessage(fields: ReadonlyMap<string, string>): boolean {
		return this.headers.runOf(fields) !== undefined;
	}

	// Submissions

	/**
	 * The settings of a message of a run, decoded and checked against the plan, with loop
	 * detection's count; the headers it forwards are checked now, so that a batch is refused
	 * whole. Throws HttpError.
	 */
	settings(submission: Submission): { options: PublishOptions; hops: number } {
		const { dialect, limits } = this.deps;
		const options = decodeOptions(submission.fields, dialect);
		checkLimits(options, limits, dialect, submission.now);
		const hops = submission.hops ?? incomingHops(submission.fields, dialect);
		const { url, body, now } = submission;
		destinationHeaders({ kind: 'workflow', url, options, body, callerIp: '', now }, dialect);
		return { options, hops };
	}

	/**
	 * Checks a message of a run and builds what it makes; throws HttpError (400 for a run that
	 * has ended or is unknown). Nothing changes until it is committed, so a batch is refused whole.
	 */
	plan(submission: Submission): SubmissionPlan {
		const h = this.headers;
		const runId = h.runOf(submission.fields);
		if (runId === undefined) throw badRequest(`${h.runId} is missing`);
		const { options, hops } = this.settings(submission);
		if (h.isInit(submission.fields)) return this.planStart(runId, { ...submission, hops }, options);
		const run = this.deps.runs.get(runId);
		// 400, as the SDK reads it: the run is over, there is nothing to append to.
		if (!run)
			throw badRequest(`workflow run ${JSON.stringify(runId)} is not known: start it with ${h.init}: true`);
		if (run.state !== 'RUN_STARTED')
			throw badRequest(
				`workflow run ${JSON.stringify(runId)} has ended (${run.state}): it takes no more steps`,
			);
		const { url, body, now } = submission;
		const payload = base64(body);
		// Refused before anything changes (docs/protocol/limits.md#workflow-runs).
		const full = this.deps.runs.historyRefusal(run, payload.length);
		if (full !== undefined) throw new HttpError(412, full);
		if (h.callTypeOf(submission.fields) !== 'toCallback') {
			// A step is read again for the run's logs and sent back to the route with every later one.
			if (nestsDeeperThan(body, maxRequestNesting)) throw tooDeep('a workflow step');
			const message = this.messages.step(run, url, options, now, hops);
			return { kind: 'step', runId, submission, message, payload };
		}
		const message = this.messages.call(run, url, options, body, now, hops);
		const stepIdHeader = h.stepId.toLowerCase();
		const stepId = Object.entries(options.callbackForwardHeaders ?? {}).find(
			([name]) => name.toLowerCase() === stepIdHeader,
		)?.[1];
		return {
			kind: 'call',
			runId,
			submission,
			message,
			payload,
			stepId: stepId !== undefined && /^\d+$/.test(stepId) ? Number(stepId) : undefined,
		};
	}

	/**
	 * Checks and builds the start of a run (a trigger, or a batch item marked init): the run
	 * and the first call of its route, which carries the initial payload. Throws HttpError.
	 */
	planStart(runId: string, submission: Submission, options: PublishOptions): StartPlan {
		const invoked = this.invocation(submission);
		const run: RunRecord = {
			id: runId,
			url: submission.url,
			createdAt: submission.now,
			callerIp: submission.callerIp,
			state: 'RUN_STARTED',
			options: runOptions(options),
			defaultFailureUrl: options.failureCallback === undefined,
			entries: [],
		};
		if (invoked) run.invoker = invoked.invoker;
		if (!this.headers.asksInitialBody(submission.fields)) run.failureSourceBody = 'steps';
		const hops = submission.hops ?? incomingHops(submission.fields, this.deps.dialect);
		const message = this.messages.step(run, submission.url, options, submission.now, hops);
		const payload = base64(invoked ? invoked.body : submission.body);
		return { kind: 'start', runId, submission, run, message, payload };
	}

	/** Commits a checked submission; the answer of its publish or batch item. */
	commit(plan: SubmissionPlan): { result: PublishResult; deduplicated: boolean } {
		if (plan.kind === 'start') {
			const started = this.start(plan);
			const result: PublishResult = { messageId: started.messageId, url: started.run.url };
			if (started.deduplicated) result.deduplicated = true;
			return { result, deduplicated: started.deduplicated };
		}
		const run = this.deps.runs.get(plan.runId)!;
		const { message, payload } = plan;
		if (plan.kind === 'call') {
			this.record(run, message, 'toCallback', payload, {
				call: {
					url: message.url,
					method: message.method,
					headers: message.header,
					...(plan.stepId !== undefined ? { stepId: plan.stepId } : {}),
				},
			});
			this.deps.delivery().accept(message);
		} else this.enter(run, message, payload);
		return { result: { messageId: message.id, url: message.url }, deduplicated: false };
	}

	/** Starts a planned run, or answers with the existing one of that id (deduplicated). */
	start(plan: StartPlan): StartAnswer {
		const existing = this.deps.runs.get(plan.runId);
		if (existing)
			return { run: existing, messageId: existing.entries[0]?.messageId ?? '', deduplicated: true };
		const { run, message } = plan;
		this.deps.runs.add(run);
		this.deps.usage.workflowRun(run.createdAt, 'started');
		this.enter(run, message, plan.payload);
		return { run, messageId: message.id, deduplicated: false };
	}

	/**
	 * A run started by `context.invoke` (`<prefix>Workflow-Invoke: true`): its body names the
	 * invoking run and step, and holds the invoked run's payload.
	 */
	private invocation(
		submission: Submission,
	): { body: string; invoker: NonNullable<RunRecord['invoker']> } | undefined {
		if (submission.fields.get(this.headers.invoke.toLowerCase())?.trim() !== 'true') return undefined;
		let request: Record<string, unknown>;
		if (nestsDeeperThan(submission.body, maxRequestNesting)) throw tooDeep('an invoke');
		try {
			request = JSON.parse(submission.body.toString('utf8')) as Record<string, unknown>;
		} catch {
			throw badRequest('an invoke carries JSON: {body, workflowRunId, workflowUrl, step}');
		}
		const { workflowRunId, workflowUrl, workflowRunCreatedAt, step, body } = request;
		if (
			typeof workflowRunId !== 'string' ||
			typeof workflowUrl !== 'string' ||
			typeof step !== 'object' ||
			!step
		)
			throw badRequest('an invoke names the invoking run: workflowRunId, workflowUrl and step');
		return {
			body: typeof body === 'string' ? body : body === undefined ? '' : JSON.stringify(body),
			invoker: {
				workflowRunId,
				workflowUrl,
				workflowRunCreatedAt: typeof workflowRunCreatedAt === 'number' ? workflowRunCreatedAt : 0,
				step: step as Record<string, unknown>,
			},
		};
	}

	/** A step joins the history and calls the route with the run up to it. */
	private step(run: RunRecord, url: string, body: string, own: PublishOptions, now: number): StoredMessage {
		const message = this.messages.step(run, url, own, now, 0);
		this.enter(run, message, body);
		return message;
	}

	/** A call of the route joins the history (`body` is its entry's) and goes out with the run up to it. */
	private enter(run: RunRecord, message: StoredMessage, body: string): void {
		this.record(run, message, 'step', body);
		// The history is put together only when it fits in a message: its size is known without.
		this.messages.setBody(message, this.deps.runs.historyJsonBytes(run), () =>
			run.entries.map((e) => rawStep(e.messageId, e.body, e.callType)),
		);
		this.deps.delivery().accept(message);
	}

	private record(
		run: RunRecord,
		message: StoredMessage,
		callType: RunEntry['callType'],
		body: string,
		extra: Partial<RunEntry> = {},
	): RunEntry {
		const entry: RunEntry = {
			messageId: message.id,
			callType,
			body,
			createdAt: message.createdAt,
			delivery: 'waiting',
			retried: 0,
			maxRetries: message.maxRetries,
			dueAt: message.notBefore,
			errors: [],
			...extra,
		};
		if (message.options.retryDelay !== undefined) entry.retryDelay = message.options.retryDelay;
		if (!entry.call) entry.headers = message.header;
		run.entries.push(entry);
		this.deps.runs.appended(run, entry);
		this.deps.usage.workflowMessage(message.createdAt);
		return entry;
	}

	// What the route asks

	/** The run's history, as the SDK fetches it when a call came without a body; undefined once it ended. */
	steps(runId: string) {
		const run = this.inProgress(runId);
		return run?.entries.map((e) => rawStep(e.messageId, e.body, e.callType));
	}

	/**
	 * The route finished the run (`cancel=false`): `response` is what it returned. A run that
	 * has ended already stays as it ended: the SDK may end a run twice (a retried last call, or a
	 * second trigger of the same run id), and the deployed service answers both as done.
	 */
	complete(runId: string, response: string): RunRecord {
		const run = this.known(runId);
		if (run.state === 'RUN_STARTED') this.end(run, 'RUN_SUCCESS', response);
		return run;
	}

	/** Cancels a run in progress: nothing of it is delivered any more. */
	cancel(runId: string): RunRecord {
		const run = this.running(runId);
		this.end(run, 'RUN_CANCELED');
		return run;
	}

	/** Cancels every run in progress that `select` picks, at most `limit`; answers how many. */
	cancelWhere(select: (run: RunRecord) => boolean, limit: number): number {
		const chosen = this.deps.runs
			.newestFirst()
			.filter((run) => run.state === 'RUN_STARTED' && select(run))
			.slice(0, limit);
		for (const run of chosen) this.end(run, 'RUN_CANCELED');
		return chosen.length;
	}

	private inProgress(runId: string | undefined): RunRecord | undefined {
		const run = runId === undefined ? undefined : this.deps.runs.get(runId);
		return run?.state === 'RUN_STARTED' ? run : undefined;
	}

	/** The run of that id; 404 when there is none. */
	private known(runId: string): RunRecord {
		const run = this.deps.runs.get(runId);
		if (!run) throw notFound(`workflow run ${JSON.stringify(runId)} not found`);
		return run;
	}

	/** The run in progress of that id; 404 when there is none, 400 when it has ended. */
	private running(runId: string): RunRecord {
		const run = this.known(runId);
		if (run.state !== 'RUN_STARTED')
			throw badRequest(`workflow run ${JSON.stringify(runId)} has already ended (${run.state})`);
		return run;
	}

	private end(run: RunRecord, state: Exclude<WorkflowRunState, 'RUN_STARTED'>, response?: string): void {
		const now = this.deps.clock.now();
		run.state = state;
		run.completedAt = now;
		if (response !== undefined) run.response = response;
		this.deps.runs.changed(run);
		this.stop(run, state !== 'RUN_SUCCESS');
		this.deps.usage.workflowRun(
			now,
			state === 'RUN_SUCCESS' ? 'success' : state === 'RUN_FAILED' ? 'failed' : 'canceled',
		);
		this.settleInvoker(run);
	}

	/**
	 * Stops what a run has in motion: its waiters and its messages (a call in flight ends, but
	 * is not retried; the steps it submits are refused). A run that ended well leaves the call
	 * that ended it alone; a failure callback goes on.
	 */
	private stop(run: RunRecord, inFlightToo: boolean): void {
		for (const waiter of this.deps.waiters.dropRun(run.id)) this.disarm(waiter.id);
		this.deps
			.delivery()
			.cancelWhere(
				(m) =>
					m.workflowRunId === run.id && m.workflowPart !== 'failure' && (inFlightToo || m.state !== 'active'),
			);
	}

	// context.invoke: a run started by another run answers it when it ends.

	private settleInvoker(run: RunRecord): void {
		const invoker = run.invoker;
		if (!invoker) return;
		const parent = this.inProgress(invoker.workflowRunId);
		if (!parent) return;
		const out = JSON.stringify({
			body: run.response,
			isFailed: run.state === 'RUN_FAILED',
			isCanceled: run.state === 'RUN_CANCELED',
		});
		const step = { ...invoker.step, out };
		this.step(parent, invoker.workflowUrl, base64(JSON.stringify(step)), {}, this.deps.clock.now());
	}

	// waitForEvent and notify

	/** A `waitForEvent` step (`POST /v2/wait/{eventId}`): waits, or takes an event notified before. */
	wait(eventId: string, fields: ReadonlyMap<string, string>, request: WaitRequest): void {
		const runId = this.headers.runOf(fields);
		if (runId === undefined) throw badRequest(`${this.headers.runId} is missing: a wait belongs to a run`);
		const run = this.running(runId);
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
		if (refusal !== undefined) throw new HttpError(412, `wait: ${refusal}`);
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
		const run = this.running(runId);
		const waiter = this.deps.waiters.forRun(runId).find((w) => w.eventId === eventId);
		if (waiter) {
			const message = this.release(waiter, base64(data), false);
			return message ? { run, waiter, messageId: message.id } : { run };
		}
		this.deps.waiters.keep({ runId, eventId, data: base64(data), createdAt: this.deps.clock.now() });
		return { run };
	}

	/** The route gets the event (or the timeout) as the wait step's result. */
	private release(
		waiter: WaiterRecord,
		data: string | undefined,
		timedOut: boolean,
	): StoredMessage | undefined {
		this.deps.waiters.remove(waiter.id);
		this.disarm(waiter.id);
		const run = this.inProgress(waiter.runId);
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
		const message = this.step(
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

	/** Arms the timeouts of every waiter in the store (after it was restored). */
	armWaiters(): void {
		for (const waiter of this.deps.waiters.all()) if (!this.armed.has(waiter.id)) this.arm(waiter);
	}

	close(): void {
		this.timers.close();
		this.armed.clear();
	}

	// What the delivery engine tells about the messages of runs

	readonly hooks: RunHooks = {
		event: (message, state, detail) => this.onEvent(message, state, detail),
		finished: (message, outcome, detail) => this.onFinished(message, outcome, detail),
		callback: (source, body, target) => this.onCallback(source, body, target),
	};

	private entryOf(message: StoredMessage): { run: RunRecord; entry: RunEntry | undefined } | undefined {
		const run = this.deps.runs.get(message.workflowRunId ?? '');
		if (!run) return undefined;
		return { run, entry: run.entries.findLast((e) => e.messageId === message.id) };
	}

	private onEvent(message: StoredMessage, state: EventState, detail: Partial<LogRecord>): void {
		const found = this.entryOf(message);
		if (!found) return;
		const { run, entry } = found;
		const target = entry ?? (message.workflowPart === 'failure' ? run.failure : undefined);
		if (!target) return;
		this.deps.runs.changed(run, entry);
		if (state === 'ERROR') {
			const errorBody = detail.responseBody?.subarray(0, errorBodyKept).toString('utf8');
			target.errors.push({
				error: detail.error ?? `the destination answered ${detail.responseStatus}`,
				...(detail.responseStatus !== undefined ? { status: detail.responseStatus } : {}),
				...(errorBody !== undefined ? { body: errorBody } : {}),
				...(detail.responseHeader ? { headers: detail.responseHeader } : {}),
				time: this.deps.clock.now(),
			});
			if (target.errors.length > errorsKept) target.errors.splice(0, target.errors.length - errorsKept);
			const stepName = detail.responseHeader?.[this.headers.errorStepName.toLowerCase()]?.[0];
			if (entry && stepName) entry.errorStepName = stepName;
			return;
		}
		if (!entry) return;
		if (state === 'ACTIVE') entry.delivery = 'active';
		if (state === 'RETRY') {
			entry.delivery = 'retry';
			entry.retried = message.retried;
			entry.dueAt = detail.nextDeliveryTime ?? message.dueAt;
		}
	}

	private onFinished(message: StoredMessage, outcome: FinalOutcome, detail: FinalDetail): void {
		const found = this.entryOf(message);
		if (!found) return;
		const { run, entry } = found;
		const now = this.deps.clock.now();
		this.deps.runs.changed(run, entry);
		if (message.workflowPart === 'failure') {
			const failure = run.failure;
			if (!failure) return;
			failure.state =
				outcome === 'delivered'
					? 'CALLBACK_SUCCESS'
					: outcome === 'failed'
						? 'CALLBACK_FAIL'
						: 'CALLBACK_CANCELED';
			if (detail.response) {
				failure.responseStatus = detail.response.status;
				failure.responseBody = detail.response.body.subarray(0, errorBodyKept).toString('utf8');
				failure.responseHeaders = detail.response.headers;
			}
			return;
		}
		if (!entry) return;
		// A context.call its destination answered, 2xx or not, is done: the answer is the step's result.
		const answeredCall = message.workflowPart === 'call' && detail.response !== undefined;
		entry.delivery =
			outcome === 'delivered' || answeredCall ? 'delivered' : outcome === 'failed' ? 'failed' : 'cancelled';
		entry.finishedAt = now;
		entry.retried = message.retried;
		if (run.state !== 'RUN_STARTED') return;
		if (outcome === 'failed' && !answeredCall) {
			this.fail(run, message, entry, detail);
			return;
		}
		// A route that is not driven by the workflow SDK (it does not answer with the protocol
		// version) takes no steps: once nothing of its run is in motion, the run is done.
		if (
			outcome === 'delivered' &&
			message.workflowPart === 'step' &&
			detail.response &&
			detail.response.headers[this.headers.sdkVersion.toLowerCase()] === undefined &&
			!this.inMotion(run)
		) {
			this.end(run, 'RUN_SUCCESS', detail.response.body.toString('utf8'));
		}
	}

	private inMotion(run: RunRecord): boolean {
		return (
			run.entries.some(
				(e) => e.delivery === 'waiting' || e.delivery === 'active' || e.delivery === 'retry',
			) || this.deps.waiters.forRun(run.id).length > 0
		);
	}

	/** A message of the run failed for good: the run fails and its failure function is called. */
	private fail(run: RunRecord, message: StoredMessage, entry: RunEntry, detail: FinalDetail): void {
		if (detail.dlqId !== undefined) run.dlqId = detail.dlqId;
		this.end(run, 'RUN_FAILED');
		this.callFailure(run, message, failedAnswer(entry, detail.response), detail.dlqId);
	}

	/**
	 * Calls the failure function (or failure URL) of a failed run again, as it was called when
	 * the run failed (the workflow DLQ's retry of a failure callback that failed). Throws
	 * HttpError (400) unless the last call of it failed.
	 */
	retryFailure(
		run: RunRecord,
		failed: { message: StoredMessage; response: AttemptResponse | undefined; dlqId: string },
	): void {
		const state = run.failure?.state;
		if (state !== 'CALLBACK_FAIL')
			throw badRequest(
				`the failure callback of workflow run ${JSON.stringify(run.id)} ${state ? `is ${state}` : 'was never called'}: only one that failed is retried`,
			);
		const entry = run.entries.findLast((e) => e.messageId === failed.message.id);
		this.callFailure(run, failed.message, failedAnswer(entry, failed.response), failed.dlqId);
	}

	private callFailure(
		run: RunRecord,
		message: StoredMessage,
		response: AttemptResponse,
		dlqId: string | undefined,
	): void {
		const now = this.deps.clock.now();
		const body = {
			...callbackBody(message, response, dlqId),
			url: run.url,
			...(run.failureSourceBody === 'steps' ? {} : { sourceBody: run.entries[0]?.body ?? '' }),
			workflowRunId: run.id,
			workflowCreatedAt: run.createdAt,
		};
		const failure = this.messages.failure(run, Buffer.from(JSON.stringify(body)), now, message.hops);
		run.failure = {
			messageId: failure.id,
			url: failure.url,
			state: 'CALLBACK_INPROGRESS',
			failStatus: response.status,
			failResponse: response.body.subarray(0, errorBodyKept).toString('utf8'),
			failHeaders: response.headers,
			errors: [],
		};
		if (dlqId !== undefined) run.failure.dlqId = dlqId;
		this.deps.runs.link(run, failure.id);
		this.deps.runs.changed(run);
		this.deps.usage.workflowMessage(now);
		this.deps.delivery().accept(failure);
	}

	/** A `context.call`'s answer goes to the route as a message of the run. */
	private onCallback(
		source: StoredMessage,
		body: CallbackBody,
		target: CallbackTarget,
	): StoredMessage | undefined {
		const run = this.inProgress(source.workflowRunId);
		if (!run || source.workflowPart !== 'call') return undefined;
		// A callback that reaches the service again counts as the source's next pass.
		const message = this.messages.callback(run, target, this.deps.clock.now(), source.hops);
		const entry = this.record(run, message, 'fromCallback', base64(JSON.stringify(body)));
		// The SDK reads the answer as the first (and only) body of the steps it gets.
		message.body = rawStepsBody([rawStep(entry.messageId, entry.body, 'fromCallback')]);
		return message;
	}
}

/** The answer a failed message of a run got; when it got none, its last error, as the SDK reads a failure. */
function failedAnswer(entry: RunEntry | undefined, response: AttemptResponse | undefined): AttemptResponse {
	if (response) return response;
	const lastError = entry?.errors.at(-1)?.error ?? 'no response';
	return {
		status: 0,
		headers: {},
		body: Buffer.from(JSON.stringify({ error: 'Error', message: lastError })),
	};
}

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
