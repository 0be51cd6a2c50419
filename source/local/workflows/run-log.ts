/**
 * A run as `GET /v2/workflows/logs` shows it (upstash/docs `workflow/openapi.yaml`, the
 * SDK's `WorkflowRunLog`): its state, its done steps in groups (`sequential`, or `parallel`
 * for the steps of one `Promise.all`), then a `next` group with what is in progress: the
 * messages on their way to the route or to a `context.call`'s URL, with their retries and
 * errors, and the `waitForEvent` steps waiting for their event. Pure functions of the stores.
 */

import { parseStep } from '../../api/workflow-protocol.js';
import type {
	StepError,
	WorkflowRunLog,
	WorkflowStepGroup,
	WorkflowStepLog,
	WorkflowStepState,
} from '../../api/workflow-schemas.js';
import { maxRequestNesting, nestsDeeperThan } from '../../text/json-nesting.js';
import { shownHeaders } from '../messages/redaction.js';
import type { WaiterRecord } from '../stores/waiter-store.js';
import type { RunEntry, RunRecord } from '../stores/workflow-run-store.js';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Base64 as text when it is UTF-8, else as it came. */
export function decodedText(base64: string): string {
	try {
		return strictUtf8.decode(Buffer.from(base64, 'base64'));
	} catch {
		return base64;
	}
}

/** A JSON text as its value, anything else (or JSON too deep to write again) as it is. */
function parsedOrText(text: unknown): unknown {
	if (typeof text !== 'string' || nestsDeeperThan(text, maxRequestNesting)) return text;
	try {
		return JSON.parse(text);
	} catch {
		return text;
	}
}

const num = (value: unknown): number | undefined =>
	typeof value === 'number' && Number.isFinite(value) ? value : undefined;
const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

function isPending(entry: RunEntry): boolean {
	return entry.delivery === 'waiting' || entry.delivery === 'active' || entry.delivery === 'retry';
}

const progress: Record<RunEntry['delivery'], WorkflowStepState> = {
	waiting: 'STEP_PROGRESS',
	active: 'STEP_PROGRESS',
	retry: 'STEP_RETRY',
	delivered: 'STEP_SUCCESS',
	failed: 'STEP_FAILED',
	cancelled: 'STEP_CANCELED',
};

/** `record` without its undefined fields (the deployed service omits fields that have no value). */
export function defined<T extends Record<string, unknown>>(record: T): T {
	for (const key of Object.keys(record)) if (record[key] === undefined) delete record[key];
	return record;
}

/** What every step shows of the message that carried it: its retry delay and its headers. */
function carried(run: RunRecord, entry: RunEntry): Pick<WorkflowStepLog, 'retryDelay' | 'headers'> {
	return defined({
		retryDelay: entry.retryDelay,
		headers: entry.headers && shownHeaders(entry.headers, run.options.redact),
	});
}

function errorsOf(entry: RunEntry): { errors?: StepError[] } {
	return entry.errors.length > 0 ? { errors: entry.errors } : {};
}

/** What a `context.call` sent, from the entry of its request. */
function callFields(call: RunEntry | undefined): Partial<WorkflowStepLog> {
	if (!call?.call) return {};
	return {
		callUrl: call.call.url,
		callMethod: call.call.method,
		callHeaders: call.call.headers,
		callBody: decodedText(call.body),
	};
}

/** A done step: what the SDK submitted, with what it did read for people. */
function doneStep(run: RunRecord, entry: RunEntry, step: Record<string, unknown>): WorkflowStepLog {
	const stepType = str(step.stepType);
	const sleeping = (stepType === 'SleepFor' || stepType === 'SleepUntil') && isPending(entry);
	const log: WorkflowStepLog = defined({
		stepId: num(step.stepId),
		stepName: str(step.stepName),
		stepType,
		callType: entry.callType,
		messageId: entry.messageId,
		out: step.out,
		concurrent: num(step.concurrent) ?? 1,
		state: sleeping ? 'STEP_PROGRESS' : 'STEP_SUCCESS',
		createdAt: entry.createdAt,
		retries: entry.maxRetries,
		...carried(run, entry),
		sleepFor:
			typeof step.sleepFor === 'number' || typeof step.sleepFor === 'string' ? step.sleepFor : undefined,
		sleepUntil: num(step.sleepUntil),
		nextDeliveryTime: sleeping ? entry.dueAt : undefined,
	});
	if (stepType === 'Wait' || stepType === 'WaitForWebhook') {
		Object.assign(
			log,
			defined({
				out: typeof step.out === 'string' ? decodedText(step.out) : undefined,
				waitEventId: str(step.waitEventId),
				waitTimeout: step.waitTimeout === true,
				waitTimeoutDuration: str(step.timeout),
				waitTimeoutDeadline: entry.waitDeadline,
			}),
		);
	}
	if (stepType === 'Call') {
		const answer = parsedOrText(step.out) as { status?: unknown; body?: unknown; header?: unknown };
		const request = run.entries.findLast(
			(e) => e.callType === 'toCallback' && e.call?.stepId === log.stepId && e.createdAt <= entry.createdAt,
		);
		Object.assign(log, callFields(request), {
			callResponseStatus: num(answer?.status),
			callResponseBody: answer?.body,
			callResponseHeaders: answer?.header as Record<string, string[]> | undefined,
		});
		defined(log as Record<string, unknown>);
	}
	return log;
}

function groupsOfDone(run: RunRecord): WorkflowStepGroup[] {
	const [initial, ...rest] = run.entries;
	const groups: WorkflowStepGroup[] = [];
	if (initial) {
		groups.push({
			type: 'sequential',
			steps: [
				{
					stepId: 0,
					stepName: 'init',
					stepType: 'Initial',
					callType: 'step',
					messageId: initial.messageId,
					out: decodedText(initial.body),
					concurrent: 1,
					state: 'STEP_SUCCESS',
					createdAt: initial.createdAt,
					retries: initial.maxRetries,
					...carried(run, initial),
				},
			],
		});
	}
	const results = rest
		.filter((entry) => entry.callType === 'step')
		.map((entry) => ({ entry, step: parseStep(entry.body) }))
		// Plan steps (the branches of a parallel run, stepId 0) are not results.
		.filter(({ step }) => num(step.stepId) !== undefined && num(step.stepId)! > 0)
		.sort((a, b) => num(a.step.stepId)! - num(b.step.stepId)!);
	for (let i = 0; i < results.length; ) {
		const first = results[i]!;
		const concurrent = num(first.step.concurrent) ?? 1;
		if (concurrent <= 1) {
			groups.push({ type: 'sequential', steps: [doneStep(run, first.entry, first.step)] });
			i++;
			continue;
		}
		const end = num(first.step.stepId)! + concurrent;
		const steps: WorkflowStepLog[] = [];
		while (i < results.length && num(results[i]!.step.stepId)! < end) {
			steps.push(doneStep(run, results[i]!.entry, results[i]!.step));
			i++;
		}
		groups.push({ type: 'parallel', steps });
	}
	return groups;
}

/** A message of the run still on its way (or where it stopped when the run ended). */
function nextStep(run: RunRecord, entry: RunEntry): WorkflowStepLog {
	const step = entry.callType === 'step' ? parseStep(entry.body) : {};
	const plan = num(step.stepId) === 0 && num(step.targetStep) !== undefined;
	return defined({
		messageId: entry.messageId,
		callType: entry.callType,
		// A branch of a parallel run says which step it runs; a step's answer runs the one after it.
		stepName: plan ? str(step.stepName) : (entry.errorStepName ?? undefined),
		stepType: plan ? str(step.stepType) : entry.callType === 'toCallback' ? 'Call' : undefined,
		state: progress[entry.delivery],
		createdAt: entry.createdAt,
		retries: entry.maxRetries,
		retried: entry.retried,
		...carried(run, entry),
		nextDeliveryTime: isPending(entry) ? entry.dueAt : undefined,
		...(entry.callType === 'toCallback' ? callFields(entry) : {}),
		...errorsOf(entry),
	});
}

function waitingStep(waiter: WaiterRecord): WorkflowStepLog {
	return defined({
		stepId: num(waiter.step.stepId),
		stepName: str(waiter.step.stepName),
		stepType: str(waiter.step.stepType) ?? 'Wait',
		state: 'STEP_PROGRESS' as const,
		createdAt: waiter.createdAt,
		concurrent: num(waiter.step.concurrent),
		waitEventId: waiter.eventId,
		waitTimeoutDuration: waiter.timeout,
		waitTimeoutDeadline: waiter.deadline,
	});
}

/**
 * In a run in progress: the messages on their way, but a sleeping step (it shows its own
 * progress among the done steps). In an ended run: the messages that failed or were cut short.
 */
function isShownAsNext(run: RunRecord, entry: RunEntry): boolean {
	if (run.state !== 'RUN_STARTED') return entry.delivery === 'failed' || entry.delivery === 'cancelled';
	if (!isPending(entry)) return false;
	const type = entry.callType === 'step' ? str(parseStep(entry.body).stepType) : undefined;
	return type !== 'SleepFor' && type !== 'SleepUntil';
}

export function runLog(run: RunRecord, waiters: readonly WaiterRecord[]): WorkflowRunLog {
	const steps = groupsOfDone(run);
	const next = [
		...run.entries.filter((entry) => isShownAsNext(run, entry)).map((entry) => nextStep(run, entry)),
		...waiters.map(waitingStep),
	];
	if (next.length > 0) steps.push({ type: 'next', steps: next });
	const labels = run.options.labels;
	const log: WorkflowRunLog = {
		workflowRunId: run.id,
		workflowUrl: run.url,
		workflowState: run.state,
		workflowRunCreatedAt: run.createdAt,
		workflowRunCallerIp: run.callerIp,
		steps,
	};
	if (run.completedAt !== undefined) log.workflowRunCompletedAt = run.completedAt;
	if (run.response !== undefined) log.workflowRunResponse = run.response;
	if (run.dlqId !== undefined) log.dlqId = run.dlqId;
	if (labels && labels.length > 0) {
		log.label = labels[0]!;
		log.labels = [...labels];
	}
	if (run.options.flowControl) log.flowControlKey = run.options.flowControl.key;
	if (run.failure) {
		const { errors, ...failure } = run.failure;
		log.failureFunction = defined({ ...failure, ...(errors.length > 0 ? { errors } : {}) });
	}
	return log;
}
