/**
 * The failure function of a failed run (or its failure URL): called once when a message of the
 * run fails for good, with what that message got, and again on the workflow DLQ's retry of a
 * failure callback that failed.
 */
import type { Clock } from '../clock.js';
import type { AttemptResponse } from '../delivery/compose-callback.js';
import { callbackBody } from '../delivery/compose-callback.js';
import type { DeliveryEngine } from '../delivery/engine.js';
import { invalid } from '../errors.js';
import type { StoredMessage } from '../messages/message.js';
import type { UsageStats } from '../stats/usage.js';
import type { RunEntry, RunRecord, WorkflowRunStore } from '../stores/workflow-run-store.js';
import type { RunMessages } from './run-messages.js';

/** Bytes of an error answer kept in a run's log. */
export const errorBodyKept = 4096;

export interface FailureCallbackDeps {
	clock: Clock;
	runs: WorkflowRunStore;
	usage: UsageStats;
	messages: RunMessages;
	/** The delivery engine (it is built with the workflow engine's hooks, so it comes later). */
	delivery: () => DeliveryEngine;
}

/** The answer a failed message of a run got; when it got none, its last error, as the SDK reads a failure. */
export function failedAnswer(
	entry: RunEntry | undefined,
	response: AttemptResponse | undefined,
): AttemptResponse {
	if (response) return response;
	const lastError = entry?.errors.at(-1)?.error ?? 'no response';
	return {
		status: 0,
		headers: {},
		body: Buffer.from(JSON.stringify({ error: 'Error', message: lastError })),
	};
}

export class FailureCallback {
	constructor(private readonly deps: FailureCallbackDeps) {}

	/**
	 * Calls the failure function (or failure URL) of a failed run again, as it was called when
	 * the run failed (the workflow DLQ's retry of a failure callback that failed). Invalid
	 * unless the last call of it failed.
	 */
	retry(
		run: RunRecord,
		failed: { message: StoredMessage; response: AttemptResponse | undefined; dlqId: string },
	): void {
		const state = run.failure?.state;
		if (state !== 'CALLBACK_FAIL')
			throw invalid(
				`the failure callback of workflow run ${JSON.stringify(run.id)} ${state ? `is ${state}` : 'was never called'}: only one that failed is retried`,
			);
		const entry = run.entries.findLast((e) => e.messageId === failed.message.id);
		this.call(run, failed.message, failedAnswer(entry, failed.response), failed.dlqId);
	}

	/**
	 * Cancels the failure callback of `run` while it is in progress (the workflow DLQ's
	 * `DELETE /v2/workflows/dlq/callback/{dlqId}`). Invalid when none is.
	 */
	cancel(run: RunRecord): void {
		const failure = run.failure;
		if (failure?.state !== 'CALLBACK_INPROGRESS' || failure.messageId === undefined)
			throw invalid(
				`the failure callback of workflow run ${JSON.stringify(run.id)} ${failure?.state ? `is ${failure.state}` : 'was never called'}: only one in progress is cancelled`,
			);
		const id = failure.messageId;
		this.deps.delivery().cancelWhere((m) => m.id === id);
		failure.state = 'CALLBACK_CANCELED';
		this.deps.runs.changed(run);
	}

	/** Calls the failure function of `run`, which failed when `message` got `response`. */
	call(run: RunRecord, message: StoredMessage, response: AttemptResponse, dlqId: string | undefined): void {
		const now = this.deps.clock.now();
		const body = {
			...callbackBody(message, response, dlqId),
			url: run.url,
			...(run.failureSourceBody === 'steps' ? {} : { sourceBody: run.entries[0]?.body ?? '' }),
			workflowRunId: run.id,
			workflowCreatedAt: run.createdAt,
		};
		const failure = this.deps.messages.failure(run, Buffer.from(JSON.stringify(body)), now, message.hops);
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
}
