/**
 * What the route submits for a run (docs/protocol/workflows.md#step-protocol): a start (the
 * SDK's trigger, or a message marked `<prefix>Workflow-Init: true`), a step, or a
 * `context.call`, each a publish or batch item marked with the run id. A submission is planned
 * first (checked and built, nothing changes, so a batch is refused whole), then committed.
 */
import type { Dialect } from '../../api/dialect.js';
import type { PublishOptions } from '../../api/publish-options.js';
import type { PublishResult } from '../../api/schemas.js';
import type { WorkflowHeaders } from '../../api/workflow-protocol.js';
import { maxRequestNesting, nestsDeeperThan } from '../../text/json-nesting.js';
import type { PlanLimits } from '../account/limits.js';
import { invalid, usedUp } from '../errors.js';
import { checkLimits, destinationHeaders } from '../messages/factory.js';
import { incomingHops } from '../messages/hops.js';
import type { StoredMessage } from '../messages/message.js';
import { decodeOptions } from '../messages/options.js';
import type { RunRecord, WorkflowRunStore } from '../stores/workflow-run-store.js';
import type { RunCalls } from './calls.js';
import { base64, type RunHistory } from './history.js';
import { readInvocation } from './invoke.js';
import type { RunLifecycle } from './lifecycle.js';
import { type RunMessages, runOptions } from './run-messages.js';
import { tooDeep } from './too-deep.js';

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

export interface SubmissionsDeps {
	dialect: Dialect;
	limits: PlanLimits;
	runs: WorkflowRunStore;
	messages: RunMessages;
	history: RunHistory;
	calls: RunCalls;
	lifecycle: RunLifecycle;
}

export class Submissions {
	constructor(private readonly deps: SubmissionsDeps) {}

	private get headers(): WorkflowHeaders {
		return this.deps.messages.headers;
	}

	/** Whether a publish or batch item is a message of a run (it names one). */
	isRunMessage(fields: ReadonlyMap<string, string>): boolean {
		return this.headers.runOf(fields) !== undefined;
	}

	/**
	 * The settings of a message of a run, decoded and checked against the plan, with loop
	 * detection's count; the headers it forwards are checked now, so that a batch is refused
	 * whole.
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
	 * Checks a message of a run and builds what it makes (invalid for a run that has ended or
	 * is unknown). Nothing changes until it is committed, so a batch is refused whole.
	 */
	plan(submission: Submission): SubmissionPlan {
		const h = this.headers;
		const runId = h.runOf(submission.fields);
		if (runId === undefined) throw invalid(`${h.runId} is missing`);
		const { options, hops } = this.settings(submission);
		if (h.isInit(submission.fields)) return this.planStart(runId, { ...submission, hops }, options);
		const run = this.deps.runs.get(runId);
		// Invalid (400), as the SDK reads it: the run is over, there is nothing to append to.
		if (!run)
			throw invalid(`workflow run ${JSON.stringify(runId)} is not known: start it with ${h.init}: true`);
		if (run.state !== 'RUN_STARTED')
			throw invalid(`workflow run ${JSON.stringify(runId)} has ended (${run.state}): it takes no more steps`);
		const { url, body, now } = submission;
		const payload = base64(body);
		// Refused before anything changes (docs/protocol/limits.md#workflow-runs).
		const full = this.deps.runs.historyRefusal(run, payload.length);
		if (full !== undefined) throw usedUp(full);
		if (h.callTypeOf(submission.fields) !== 'toCallback') {
			// A step is read again for the run's logs and sent back to the route with every later one.
			if (nestsDeeperThan(body, maxRequestNesting)) throw tooDeep('a workflow step');
			const message = this.deps.messages.step(run, url, options, now, hops);
			return { kind: 'step', runId, submission, message, payload };
		}
		const message = this.deps.messages.call(run, url, options, body, now, hops);
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
	 * and the first call of its route, which carries the initial payload.
	 */
	planStart(runId: string, submission: Submission, options: PublishOptions): StartPlan {
		const invoked =
			submission.fields.get(this.headers.invoke.toLowerCase())?.trim() === 'true'
				? readInvocation(submission.body)
				: undefined;
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
		const message = this.deps.messages.step(run, submission.url, options, submission.now, hops);
		const payload = base64(invoked ? invoked.body : submission.body);
		return { kind: 'start', runId, submission, run, message, payload };
	}

	/** Commits a checked submission; the answer of its publish or batch item. */
	commit(plan: SubmissionPlan): { result: PublishResult; deduplicated: boolean } {
		if (plan.kind === 'start') {
			const started = this.deps.lifecycle.start(plan);
			const result: PublishResult = { messageId: started.messageId, url: started.run.url };
			if (started.deduplicated) result.deduplicated = true;
			return { result, deduplicated: started.deduplicated };
		}
		const run = this.deps.runs.get(plan.runId)!;
		const { message, payload } = plan;
		if (plan.kind === 'call') this.deps.calls.send(run, message, payload, plan.stepId);
		else this.deps.history.enter(run, message, payload);
		return { result: { messageId: message.id, url: message.url }, deduplicated: false };
	}
}
