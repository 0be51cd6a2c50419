/**
 * A failed run brought back from its dead letter (docs/protocol/workflows.md#dead-letters-of-runs):
 * resumed, it goes on from the step that failed, the results of the steps before it kept, so
 * the route does not run them again; restarted, it runs from the start with its initial
 * payload. Either way it is a new run (a new id) with the failed run's settings, any override
 * of the request (retries, retry delay, flow control, label, failure callback; a delay for its
 * first call) over them. A revival is planned first (checked and built, nothing changes), so a
 * bulk operation is refused whole.
 */
import type { PublishOptions } from '../../api/publish-options.js';
import { randomId } from '../../signing/keys.js';
import type { Clock } from '../clock.js';
import { invalid } from '../errors.js';
import { newMessageId } from '../messages/factory.js';
import type { UsageStats } from '../stats/usage.js';
import type { RunEntry, RunRecord, WorkflowRunStore } from '../stores/workflow-run-store.js';
import type { RunHistory } from './history.js';
import type { RunLifecycle } from './lifecycle.js';
import type { RunMessages } from './run-messages.js';

export type Revival = 'resume' | 'restart';

/** The settings a resume or restart may change (decoded from its request's headers). */
export type RevivalOverrides = Pick<
	PublishOptions,
	'retries' | 'retryDelay' | 'flowControl' | 'labels' | 'failureCallback' | 'delayMs' | 'notBefore'
>;

/** A revival checked and built: committing it starts the new run. */
export interface RevivalPlan {
	how: Revival;
	from: RunRecord;
	run: RunRecord;
	/** Resume: the entries kept before the one entered again (`at`). */
	kept: RunEntry[];
	/** The entry whose call of the route goes out first (resume), or the initial payload's (restart). */
	at: RunEntry;
	overrides: RevivalOverrides;
}

export interface RunRevivalDeps {
	clock: Clock;
	runs: WorkflowRunStore;
	usage: UsageStats;
	messages: RunMessages;
	history: RunHistory;
	lifecycle: RunLifecycle;
}

/** The failed run's settings with the request's overrides over them. */
function revivedOptions(from: RunRecord, overrides: RevivalOverrides): PublishOptions {
	const options: PublishOptions = { ...from.options };
	if (overrides.retries !== undefined) options.retries = overrides.retries;
	if (overrides.retryDelay !== undefined) options.retryDelay = overrides.retryDelay;
	if (overrides.flowControl !== undefined) options.flowControl = overrides.flowControl;
	if (overrides.labels !== undefined) options.labels = overrides.labels;
	if (overrides.failureCallback !== undefined) options.failureCallback = overrides.failureCallback;
	return options;
}

/**
 * Where a resumed run goes on: the entry of the message that failed (`failedMessageId`, else the
 * newest that failed). A `context.call` that failed is made again by the route, so the run goes
 * on from the call of the route that submitted it.
 */
function resumePoint(from: RunRecord, failedMessageId: string | undefined): number {
	let at = from.entries.findLastIndex((e) => e.messageId === failedMessageId);
	if (at < 0) at = from.entries.findLastIndex((e) => e.delivery === 'failed');
	while (at > 0 && from.entries[at]?.callType === 'toCallback') at--;
	return at;
}

export class RunRevival {
	constructor(private readonly deps: RunRevivalDeps) {}

	/** Checks that `from` can come back and builds its new run; nothing changes. */
	plan(
		how: Revival,
		from: RunRecord,
		failedMessageId: string | undefined,
		overrides: RevivalOverrides,
	): RevivalPlan {
		if (from.state !== 'RUN_FAILED')
			throw invalid(
				`workflow run ${JSON.stringify(from.id)} is ${from.state}: only a failed run is resumed or restarted`,
			);
		const first = from.entries[0];
		if (!first) throw invalid(`workflow run ${JSON.stringify(from.id)} has no history to ${how} from`);
		const atIndex = how === 'resume' ? resumePoint(from, failedMessageId) : 0;
		const at = from.entries[atIndex];
		if (!at) throw invalid(`workflow run ${JSON.stringify(from.id)} has no failed step to resume from`);
		const now = this.deps.clock.now();
		const options = revivedOptions(from, overrides);
		const run: RunRecord = {
			id: `wfr_${randomId(24)}`,
			url: from.url,
			createdAt: now,
			callerIp: from.callerIp,
			state: 'RUN_STARTED',
			options,
			defaultFailureUrl: from.defaultFailureUrl && overrides.failureCallback === undefined,
			entries: [],
		};
		if (from.failureSourceBody) run.failureSourceBody = from.failureSourceBody;
		return { how, from, run, kept: from.entries.slice(0, atIndex), at, overrides };
	}

	/** Starts the planned run: its first call of the route goes out. */
	commit(plan: RevivalPlan): RunRecord {
		const { run, overrides } = plan;
		const now = run.createdAt;
		const own: PublishOptions = {};
		if (overrides.delayMs !== undefined) own.delayMs = overrides.delayMs;
		if (overrides.notBefore !== undefined) own.notBefore = overrides.notBefore;
		const message = this.deps.messages.step(run, run.url, own, now, 0);
		if (plan.how === 'restart') {
			this.deps.lifecycle.start({ run, message, payload: plan.at.body });
			return run;
		}
		this.deps.runs.add(run);
		this.deps.usage.workflowRun(now, 'started');
		for (const entry of plan.kept) {
			// Each kept step is the new run's own: a new message id, the same result.
			const copy: RunEntry = { ...structuredClone(entry), messageId: newMessageId() };
			run.entries.push(copy);
			this.deps.runs.appended(run, copy);
		}
		const extra: Partial<RunEntry> = {};
		if (plan.at.call) extra.call = plan.at.call;
		if (plan.at.waitDeadline !== undefined) extra.waitDeadline = plan.at.waitDeadline;
		this.deps.history.enter(run, message, plan.at.body, plan.at.callType, extra);
		return run;
	}
}
