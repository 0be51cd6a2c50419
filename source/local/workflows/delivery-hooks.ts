/**
 * What the delivery engine tells about the messages of runs, written into the runs: each
 * attempt's state and errors into the message's entry, and how the message ended. A message
 * that fails for good fails its run; a route that does not speak the workflow protocol ends its
 * run once nothing of it is in motion; a `context.call`'s answer goes back to the route.
 */
import type { EventState } from '../../api/schemas.js';
import type { WorkflowHeaders } from '../../api/workflow-protocol.js';
import type { Clock } from '../clock.js';
import type { FinalDetail, FinalOutcome, RunHooks } from '../delivery/engine.js';
import type { StoredMessage } from '../messages/message.js';
import type { LogRecord } from '../stores/log-store.js';
import type { RunEntry, RunRecord, WorkflowRunStore } from '../stores/workflow-run-store.js';
import type { RunCalls } from './calls.js';
import { errorBodyKept, type FailureCallback, failedAnswer } from './failure-callback.js';
import type { RunHistory } from './history.js';
import type { RunLifecycle } from './lifecycle.js';
import type { RunWaits } from './waits.js';

/** Errors kept per message of a run: the newest. */
const errorsKept = 10;

export interface DeliveryHooksDeps {
	clock: Clock;
	headers: WorkflowHeaders;
	runs: WorkflowRunStore;
	history: RunHistory;
	waits: RunWaits;
	lifecycle: RunLifecycle;
	failureCallback: FailureCallback;
	calls: RunCalls;
}

export function deliveryHooks(deps: DeliveryHooksDeps): RunHooks {
	return {
		event: (message, state, detail) => onEvent(deps, message, state, detail),
		finished: (message, outcome, detail) => onFinished(deps, message, outcome, detail),
		callback: (source, body, target) => deps.calls.answer(source, body, target),
	};
}

function onEvent(
	deps: DeliveryHooksDeps,
	message: StoredMessage,
	state: EventState,
	detail: Partial<LogRecord>,
): void {
	const found = deps.history.entryOf(message);
	if (!found) return;
	const { run, entry } = found;
	const target = entry ?? (message.workflowPart === 'failure' ? run.failure : undefined);
	if (!target) return;
	deps.runs.changed(run, entry);
	if (state === 'ERROR') {
		const errorBody = detail.responseBody?.subarray(0, errorBodyKept).toString('utf8');
		target.errors.push({
			error: detail.error ?? `the destination answered ${detail.responseStatus}`,
			...(detail.responseStatus !== undefined ? { status: detail.responseStatus } : {}),
			...(errorBody !== undefined ? { body: errorBody } : {}),
			...(detail.responseHeader ? { headers: detail.responseHeader } : {}),
			time: deps.clock.now(),
		});
		if (target.errors.length > errorsKept) target.errors.splice(0, target.errors.length - errorsKept);
		const stepName = detail.responseHeader?.[deps.headers.errorStepName.toLowerCase()]?.[0];
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

function onFinished(
	deps: DeliveryHooksDeps,
	message: StoredMessage,
	outcome: FinalOutcome,
	detail: FinalDetail,
): void {
	const found = deps.history.entryOf(message);
	if (!found) return;
	const { run, entry } = found;
	const now = deps.clock.now();
	deps.runs.changed(run, entry);
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
		fail(deps, run, message, entry, detail);
		return;
	}
	// A route that is not driven by the workflow SDK (it does not answer with the protocol
	// version) takes no steps: once nothing of its run is in motion, the run is done.
	if (
		outcome === 'delivered' &&
		message.workflowPart === 'step' &&
		detail.response &&
		detail.response.headers[deps.headers.sdkVersion.toLowerCase()] === undefined &&
		!inMotion(deps, run)
	) {
		deps.lifecycle.end(run, 'RUN_SUCCESS', detail.response.body.toString('utf8'));
	}
}

function inMotion(deps: DeliveryHooksDeps, run: RunRecord): boolean {
	return (
		run.entries.some((e) => e.delivery === 'waiting' || e.delivery === 'active' || e.delivery === 'retry') ||
		deps.waits.isWaiting(run.id)
	);
}

/** A message of the run failed for good: the run fails and its failure function is called. */
function fail(
	deps: DeliveryHooksDeps,
	run: RunRecord,
	message: StoredMessage,
	entry: RunEntry,
	detail: FinalDetail,
): void {
	if (detail.dlqId !== undefined) run.dlqId = detail.dlqId;
	deps.lifecycle.end(run, 'RUN_FAILED');
	deps.failureCallback.call(run, message, failedAnswer(entry, detail.response), detail.dlqId);
}
