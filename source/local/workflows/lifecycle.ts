/**
 * How a run starts and ends. A run starts once (a run id the account has is answered with the
 * existing run); it ends well (the route's `DELETE /v2/workflows/runs/{id}?cancel=false`), is
 * cancelled, or fails. `end` is the one place every run ends: it stops what the run has in
 * motion, counts it, and answers the run that invoked it.
 */
import type { WorkflowRunState } from '../../api/workflow-schemas.js';
import type { Clock } from '../clock.js';
import type { DeliveryEngine } from '../delivery/engine.js';
import type { StoredMessage } from '../messages/message.js';
import type { UsageStats } from '../stats/usage.js';
import type { RunRecord, WorkflowRunStore } from '../stores/workflow-run-store.js';
import { base64, type RunHistory } from './history.js';
import { invokerStep } from './invoke.js';
import { knownRun, runInProgress, runningRun } from './run-lookup.js';
import type { RunWaits } from './waits.js';

export interface RunLifecycleDeps {
	clock: Clock;
	runs: WorkflowRunStore;
	usage: UsageStats;
	history: RunHistory;
	waits: RunWaits;
	/** The delivery engine (it is built with the workflow engine's hooks, so it comes later). */
	delivery: () => DeliveryEngine;
}

export interface StartAnswer {
	run: RunRecord;
	/** The message that calls the route first (the existing run's, when deduplicated). */
	messageId: string;
	deduplicated: boolean;
}

/** A run to start, checked and built, with the first call of its route and that call's entry (base64). */
export interface NewRun {
	run: RunRecord;
	message: StoredMessage;
	payload: string;
}

export type EndState = Exclude<WorkflowRunState, 'RUN_STARTED'>;

export class RunLifecycle {
	constructor(private readonly deps: RunLifecycleDeps) {}

	/** Starts a planned run, or answers with the existing one of that id (deduplicated). */
	start({ run, message, payload }: NewRun): StartAnswer {
		const existing = this.deps.runs.get(run.id);
		if (existing)
			return { run: existing, messageId: existing.entries[0]?.messageId ?? '', deduplicated: true };
		this.deps.runs.add(run);
		this.deps.usage.workflowRun(run.createdAt, 'started');
		this.deps.history.enter(run, message, payload);
		return { run, messageId: message.id, deduplicated: false };
	}

	/**
	 * The route finished the run (`cancel=false`): `response` is what it returned. A run that
	 * has ended already stays as it ended: the SDK may end a run twice (a retried last call, or a
	 * second trigger of the same run id), and the deployed service answers both as done.
	 */
	complete(runId: string, response: string): RunRecord {
		const run = knownRun(this.deps.runs, runId);
		if (run.state === 'RUN_STARTED') this.end(run, 'RUN_SUCCESS', response);
		return run;
	}

	/** Cancels a run in progress: nothing of it is delivered any more. */
	cancel(runId: string): RunRecord {
		const run = runningRun(this.deps.runs, runId);
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

	/** The run ends in `state` (with the route's `response` when it ended well). */
	end(run: RunRecord, state: EndState, response?: string): void {
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
		this.answerInvoker(run);
	}

	/**
	 * Stops what a run has in motion: its waiters and its messages (a call in flight ends, but
	 * is not retried; the steps it submits are refused). A run that ended well leaves the call
	 * that ended it alone; a failure callback goes on.
	 */
	private stop(run: RunRecord, inFlightToo: boolean): void {
		this.deps.waits.dropRun(run.id);
		this.deps
			.delivery()
			.cancelWhere(
				(m) =>
					m.workflowRunId === run.id && m.workflowPart !== 'failure' && (inFlightToo || m.state !== 'active'),
			);
	}

	/** A run started by `context.invoke` answers the run that invoked it, if that one is still in progress. */
	private answerInvoker(run: RunRecord): void {
		const invoker = run.invoker;
		if (!invoker) return;
		const parent = runInProgress(this.deps.runs, invoker.workflowRunId);
		if (!parent) return;
		const step = invokerStep(run, invoker);
		this.deps.history.appendStep(
			parent,
			invoker.workflowUrl,
			base64(JSON.stringify(step)),
			{},
			this.deps.clock.now(),
		);
	}
}
