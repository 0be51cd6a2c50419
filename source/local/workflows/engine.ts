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
 *
 * The engine only puts the parts together, one job each: `submissions` (plan and commit what
 * the route submits), `history` (a run's entries and the calls of the route that carry them),
 * `lifecycle` (start, complete, cancel; every end of a run), `waits` (waitForEvent, notify and
 * their timeouts), `calls` (context.call), `failureCallback` (the failure function) and the
 * delivery engine's `hooks`. `revival` brings a failed run back from its dead letter (resumed
 * with the history before the failed step copied, or restarted). What comes next lands beside
 * them: a webhook's request releases a waiting step as a notify does (`waits`).
 */
import type { Dialect } from '../../api/dialect.js';
import type { PlanLimits } from '../account/limits.js';
import type { Clock } from '../clock.js';
import type { DeliveryEngine, RunHooks } from '../delivery/engine.js';
import type { UsageStats } from '../stats/usage.js';
import type { WaiterStore } from '../stores/waiter-store.js';
import type { WorkflowRunStore } from '../stores/workflow-run-store.js';
import { RunCalls } from './calls.js';
import { deliveryHooks } from './delivery-hooks.js';
import { FailureCallback } from './failure-callback.js';
import { RunHistory } from './history.js';
import { RunLifecycle } from './lifecycle.js';
import { RunRevival } from './revival.js';
import { RunMessages } from './run-messages.js';
import { Submissions } from './submissions.js';
import { RunWaits } from './waits.js';

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

export class WorkflowEngine {
	readonly messages: RunMessages;
	readonly history: RunHistory;
	readonly waits: RunWaits;
	readonly lifecycle: RunLifecycle;
	readonly calls: RunCalls;
	readonly failureCallback: FailureCallback;
	readonly submissions: Submissions;
	/** Resume and restart of failed runs from their dead letters. */
	readonly revival: RunRevival;
	/** What the delivery engine tells about the messages of runs. */
	readonly hooks: RunHooks;

	constructor(deps: WorkflowEngineDeps) {
		const { dialect, clock, limits, usage, runs, waiters, delivery } = deps;
		const messages = new RunMessages(dialect, limits);
		const history = new RunHistory({ runs, usage, messages, delivery });
		const waits = new RunWaits({ clock, runs, waiters, history });
		const lifecycle = new RunLifecycle({ clock, runs, usage, history, waits, delivery });
		const calls = new RunCalls({ clock, runs, messages, history, delivery });
		const failureCallback = new FailureCallback({ clock, runs, usage, messages, delivery });
		this.messages = messages;
		this.history = history;
		this.waits = waits;
		this.lifecycle = lifecycle;
		this.calls = calls;
		this.failureCallback = failureCallback;
		this.revival = new RunRevival({ clock, runs, usage, messages, history, lifecycle });
		this.submissions = new Submissions({ dialect, limits, runs, messages, history, calls, lifecycle });
		this.hooks = deliveryHooks({
			clock,
			headers: messages.headers,
			runs,
			history,
			waits,
			lifecycle,
			failureCallback,
			calls,
		});
	}

	/** The workflow headers of the service's dialect. */
	get headers() {
		return this.messages.headers;
	}

	close(): void {
		this.waits.close();
	}
}
