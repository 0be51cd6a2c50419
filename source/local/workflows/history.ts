/**
 * A run's history: every message of the run joins it as an entry (docs/protocol/workflows.md#step-protocol),
 * and each call of the route goes out carrying the history up to its own step.
 */

import type { PublishOptions } from '../../api/publish-options.js';
import { rawStep } from '../../api/workflow-protocol.js';
import type { DeliveryEngine } from '../delivery/engine.js';
import type { StoredMessage } from '../messages/message.js';
import type { UsageStats } from '../stats/usage.js';
import type { RunEntry, RunRecord, WorkflowRunStore } from '../stores/workflow-run-store.js';
import { runInProgress } from './run-lookup.js';
import type { RunMessages } from './run-messages.js';

export interface RunHistoryDeps {
	runs: WorkflowRunStore;
	usage: UsageStats;
	messages: RunMessages;
	/** The delivery engine (it is built with the workflow engine's hooks, so it comes later). */
	delivery: () => DeliveryEngine;
}

export const base64 = (bytes: Buffer | string) => Buffer.from(bytes).toString('base64');

export class RunHistory {
	constructor(private readonly deps: RunHistoryDeps) {}

	/** The run's history, as the SDK fetches it when a call came without a body; undefined once it ended. */
	steps(runId: string) {
		const run = runInProgress(this.deps.runs, runId);
		return run?.entries.map((e) => rawStep(e.messageId, e.body, e.callType));
	}

	/** The run of a message and the message's entry in its history (the newest, for a message sent again). */
	entryOf(message: StoredMessage): { run: RunRecord; entry: RunEntry | undefined } | undefined {
		const run = this.deps.runs.get(message.workflowRunId ?? '');
		if (!run) return undefined;
		return { run, entry: run.entries.findLast((e) => e.messageId === message.id) };
	}

	/** A step (`body`, base64) joins the history and calls the route at `url` with the run up to it. */
	appendStep(run: RunRecord, url: string, body: string, own: PublishOptions, now: number): StoredMessage {
		const message = this.deps.messages.step(run, url, own, now, 0);
		this.enter(run, message, body);
		return message;
	}

	/**
	 * A call of the route joins the history (`body` is its entry's) and goes out with the run up
	 * to it; a run resumed from its dead letter enters the failed entry again as it was (`callType`, `extra`).
	 */
	enter(
		run: RunRecord,
		message: StoredMessage,
		body: string,
		callType: RunEntry['callType'] = 'step',
		extra: Partial<RunEntry> = {},
	): void {
		this.record(run, message, callType, body, extra);
		// The history is put together only when it fits in a message: its size is known without.
		this.deps.messages.setBody(message, this.deps.runs.historyJsonBytes(run), () =>
			run.entries.map((e) => rawStep(e.messageId, e.body, e.callType)),
		);
		this.deps.delivery().accept(message);
	}

	/** A message of the run joins its history (it is not sent): its entry. */
	record(
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
}
