/**
 * Workflow runs: what each run was started with, every message it took part in (its history,
 * in the order the service took them) with how far each got, and how the run ended. Plain
 * data, kept run by run: whoever changes a run says so (`changed`), and only that run is
 * written again. Bounded: past the capacity, the oldest ended runs are forgotten first (their
 * ids then no longer deduplicate a trigger), and that is said (EvictionReporter).
 */
import type { PublishOptions } from '../../api/publish-options.js';
import type {
	FailureFunctionState,
	StepError,
	WorkflowCallType,
	WorkflowRunState,
} from '../../api/workflow-schemas.js';
import { type EvictionReporter, noEvictionReport } from './evictions.js';
import { discard, type RecordSink } from './record-sink.js';

/** How far the message of a history entry got. */
export type EntryDelivery = 'waiting' | 'active' | 'retry' | 'delivered' | 'failed' | 'cancelled';

export interface RunEntry {
	messageId: string;
	callType: WorkflowCallType;
	/** Base64: the initial payload (first entry), a step as submitted, a call's body, or a call's answer. */
	body: string;
	createdAt: number;
	delivery: EntryDelivery;
	/** Attempts that failed so far, and the most retries allowed. */
	retried: number;
	maxRetries: number;
	retryDelay?: string;
	/** The headers its message carries (a `context.call`'s are in `call`). */
	headers?: Record<string, string[]>;
	/** When it is due (a sleep's end), or its next attempt. */
	dueAt: number;
	/** The newest failed attempts, oldest first. */
	errors: StepError[];
	/** The step the route said failed (its error header). */
	errorStepName?: string;
	finishedAt?: number;
	/** For a `context.call`: the request as it went out, and the step it answers. */
	call?: { url: string; method: string; headers: Record<string, string[]>; stepId?: number };
	/** For the answer of a `waitForEvent`: when its wait would have ended. */
	waitDeadline?: number;
}

export interface RunFailure {
	/** The message that calls the failure function or failure URL; undefined when there is none. */
	messageId?: string;
	url?: string;
	state?: FailureFunctionState;
	failStatus?: number;
	failResponse?: string;
	failHeaders?: Record<string, string[]>;
	dlqId?: string;
	responseStatus?: number;
	responseBody?: string;
	responseHeaders?: Record<string, string[]>;
	errors: StepError[];
}

export interface RunRecord {
	id: string;
	url: string;
	createdAt: number;
	callerIp: string;
	state: WorkflowRunState;
	completedAt?: number;
	/** What every call of the route is sent with: retries, flow control, forwarded headers, failure URL. */
	options: PublishOptions;
	/** The failure URL was chosen by the service (the route itself), not given at the start. */
	defaultFailureUrl: boolean;
	/** The failure callback's `sourceBody` is the failed message's body (the steps), not the initial payload. */
	failureSourceBody?: 'steps';
	entries: RunEntry[];
	/** What the route returned at its end (cancel=false), as text. */
	response?: string;
	dlqId?: string;
	failure?: RunFailure;
	/** The run that started this one with `context.invoke`, and its step waiting for the answer. */
	invoker?: {
		workflowRunId: string;
		workflowUrl: string;
		workflowRunCreatedAt: number;
		step: Record<string, unknown>;
	};
}

export const defaultRunCapacity = 10_000;

export class WorkflowRunStore {
	/** Insertion order is age order. */
	private readonly runs = new Map<string, RunRecord>();
	/** Message id to the run it belongs to. */
	private readonly byMessage = new Map<string, string>();

	constructor(
		private readonly sink: RecordSink<RunRecord> = discard(),
		private readonly capacity = defaultRunCapacity,
		private readonly evictions: EvictionReporter = noEvictionReport,
	) {}

	get size(): number {
		return this.runs.size;
	}

	get(id: string): RunRecord | undefined {
		return this.runs.get(id);
	}

	/** The run a message took part in, with its entry (none for a failure callback). */
	byMessageId(messageId: string): RunRecord | undefined {
		const id = this.byMessage.get(messageId);
		return id === undefined ? undefined : this.runs.get(id);
	}

	add(run: RunRecord): void {
		this.prune();
		this.index(run);
		this.sink.put(run.id, run);
	}

	/** `run` changed (its state, an entry, its failure): it is written again. */
	changed(run: RunRecord): void {
		if (this.runs.get(run.id) === run) this.sink.put(run.id, run);
	}

	/** Notes that `messageId` belongs to `run` (entries are pushed by the caller, who then calls changed). */
	link(run: RunRecord, messageId: string): void {
		this.byMessage.set(messageId, run.id);
	}

	/** Runs newest first. */
	newestFirst(): RunRecord[] {
		return [...this.runs.values()].reverse();
	}

	/** Puts back runs that were kept (their sink is not told), oldest first. */
	restore(runs: readonly RunRecord[]): void {
		for (const run of [...runs].sort((a, b) => a.createdAt - b.createdAt)) this.index(run);
	}

	/** Takes in runs an older version kept whole, and keeps them run by run from now on. */
	adopt(runs: readonly RunRecord[]): void {
		for (const run of runs) this.add(run);
	}

	private index(run: RunRecord): void {
		this.runs.set(run.id, run);
		for (const entry of run.entries) this.byMessage.set(entry.messageId, run.id);
		if (run.failure?.messageId) this.byMessage.set(run.failure.messageId, run.id);
	}

	private prune(): void {
		if (this.runs.size < this.capacity) return;
		let victim: RunRecord | undefined;
		for (const run of this.runs.values())
			if (run.state !== 'RUN_STARTED') {
				victim = run;
				break;
			}
		victim ??= this.runs.values().next().value;
		if (!victim) return;
		this.forget(victim);
		this.evictions.evicted(
			'workflow runs',
			1,
			`${this.capacity} are kept, the most there may be: the oldest ended run (else the oldest) is forgotten for each new one`,
		);
	}

	private forget(run: RunRecord): void {
		this.runs.delete(run.id);
		this.sink.delete(run.id);
		for (const entry of run.entries) this.byMessage.delete(entry.messageId);
		if (run.failure?.messageId) this.byMessage.delete(run.failure.messageId);
	}
}
