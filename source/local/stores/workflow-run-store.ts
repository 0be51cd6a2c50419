/**
 * Workflow runs: what each run was started with, every message it took part in (its history,
 * in the order the service took them) with how far each got, and how the run ended. Plain
 * data, kept as the run without its history plus each entry of its history on its own:
 * whoever changes a run says so (`changed`, naming the entry that changed, or `appended`), and
 * only that is written again, so that a change costs the same at the first step and the
 * thousandth. Bounded: past the capacity, the oldest ended runs are forgotten first (their
 * ids then no longer deduplicate a trigger), and that is said (EvictionReporter); a run's
 * history is bounded in steps and bytes (`historyRefusal`, docs/protocol/limits.md#workflow-runs).
 */

import type { PublishOptions } from '../../api/publish-options.js';
import { rawStep } from '../../api/workflow-protocol.js';
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

/** How long a run's history may grow. */
export interface HistoryBounds {
	/** Entries of a run's history. */
	steps: number;
	/** Bytes of the bodies of a run's history, as kept (base64). */
	bytes: number;
}

export const defaultHistoryBounds: HistoryBounds = { steps: 10_000, bytes: 32 * 1024 * 1024 };

/** Where a store keeps runs (without their histories) and the entries of their histories. */
export interface RunSinks {
	runs: RecordSink<RunRecord>;
	/** Keyed by entryKey: the run's id and the entry's place in its history. */
	entries: RecordSink<RunEntry>;
}

/** The key of a run's entry: its place in the history, so that key order is history order. */
export function entryKey(runId: string, index: number): string {
	return `${runId}/${index.toString().padStart(10, '0')}`;
}

/** The run id and place of an entry's key; undefined for a key that is not one. */
function parseEntryKey(key: string): { runId: string; index: number } | undefined {
	const slash = key.lastIndexOf('/');
	const index = Number(key.slice(slash + 1));
	if (slash < 0 || !Number.isSafeInteger(index)) return undefined;
	return { runId: key.slice(0, slash), index };
}

/** What a run's history holds: entries, the bytes of their bodies, and of its steps' JSON. */
interface HistorySize {
	steps: number;
	bytes: number;
	/** Bytes of the history as the body of a call of the route (rawStepsBody). */
	json: number;
}

/** The run as kept: everything but its history, which is kept entry by entry. */
function runHead(run: RunRecord): RunRecord {
	const { entries: _entries, ...head } = run;
	return head as RunRecord;
}

export class WorkflowRunStore {
	/** Insertion order is age order. */
	private readonly runs = new Map<string, RunRecord>();
	/** Message id to the run it belongs to. */
	private readonly byMessage = new Map<string, string>();
	/** Each entry's place in its run's history. */
	private readonly places = new WeakMap<RunEntry, number>();
	private readonly sizes = new WeakMap<RunRecord, HistorySize>();
	private readonly bounds: HistoryBounds;

	constructor(
		private readonly sinks: RunSinks = { runs: discard(), entries: discard() },
		private readonly capacity = defaultRunCapacity,
		private readonly evictions: EvictionReporter = noEvictionReport,
		bounds: Partial<HistoryBounds> = {},
	) {
		this.bounds = { ...defaultHistoryBounds, ...bounds };
	}

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
		this.keepWhole(run);
	}

	/** `run` changed (its state, its failure, or `entry` of its history): that is written again. */
	changed(run: RunRecord, entry?: RunEntry): void {
		if (this.runs.get(run.id) !== run) return;
		this.sinks.runs.put(run.id, runHead(run));
		if (entry === undefined) return;
		const place = this.places.get(entry) ?? run.entries.lastIndexOf(entry);
		if (place >= 0) this.sinks.entries.put(entryKey(run.id, place), entry);
	}

	/** `entry` was pushed onto `run`'s history: it joins the run's messages and is written. */
	appended(run: RunRecord, entry: RunEntry): void {
		this.byMessage.set(entry.messageId, run.id);
		this.places.set(entry, run.entries.length - 1);
		this.grow(run, entry);
		this.changed(run, entry);
	}

	/** Notes that `messageId` (one not in the history: a failure callback's) belongs to `run`. */
	link(run: RunRecord, messageId: string): void {
		this.byMessage.set(messageId, run.id);
	}

	/** Bytes of the run's history as the body of a call of the route (rawStepsBody of every entry). */
	historyJsonBytes(run: RunRecord): number {
		return this.sizeOf(run).json;
	}

	/**
	 * Why an entry of `bodyBytes` (base64) cannot join the run's history (it would be past the
	 * most steps or bytes a run keeps); undefined when it can.
	 */
	historyRefusal(run: RunRecord, bodyBytes: number): string | undefined {
		const size = this.sizeOf(run);
		if (size.steps + 1 > this.bounds.steps)
			return `workflow run ${JSON.stringify(run.id)} has ${size.steps} steps in its history, the most the local service keeps for a run`;
		if (size.bytes + bodyBytes > this.bounds.bytes)
			return `workflow run ${JSON.stringify(run.id)} would keep ${size.bytes + bodyBytes} bytes of steps, more than the ${this.bounds.bytes} the local service keeps for a run`;
		return undefined;
	}

	/** Runs newest first. */
	newestFirst(): RunRecord[] {
		return [...this.runs.values()].reverse();
	}

	/**
	 * Puts back runs that were kept, oldest first, with the entries of their histories (their
	 * sinks are not told).
	 */
	restore(runs: readonly RunRecord[], entries: readonly [string, RunEntry][] = []): void {
		const histories = new Map<string, [number, RunEntry][]>();
		for (const [key, entry] of entries) {
			const place = parseEntryKey(key);
			if (!place) continue;
			const history = histories.get(place.runId);
			if (history) history.push([place.index, entry]);
			else histories.set(place.runId, [[place.index, entry]]);
		}
		for (const run of [...runs].sort((a, b) => a.createdAt - b.createdAt)) {
			const history = histories.get(run.id) ?? [];
			run.entries = history.sort((a, b) => a[0] - b[0]).map(([, entry]) => entry);
			this.index(run);
		}
	}

	private index(run: RunRecord): void {
		this.runs.set(run.id, run);
		run.entries.forEach((entry, place) => {
			this.byMessage.set(entry.messageId, run.id);
			this.places.set(entry, place);
		});
		if (run.failure?.messageId) this.byMessage.set(run.failure.messageId, run.id);
	}

	/** Writes the run and every entry of its history. */
	private keepWhole(run: RunRecord): void {
		this.sinks.runs.put(run.id, runHead(run));
		run.entries.forEach((entry, place) => {
			this.sinks.entries.put(entryKey(run.id, place), entry);
		});
	}

	private sizeOf(run: RunRecord): HistorySize {
		let size = this.sizes.get(run);
		if (!size) {
			size = { steps: 0, bytes: 0, json: 2 };
			this.sizes.set(run, size);
			for (const entry of run.entries) this.grow(run, entry, size);
		}
		return size;
	}

	/** Counts `entry` into its run's history size (worked out whole when first asked for). */
	private grow(run: RunRecord, entry: RunEntry, size = this.sizes.get(run)): void {
		if (!size) return;
		size.json += Buffer.byteLength(JSON.stringify(rawStep(entry.messageId, entry.body, entry.callType)));
		if (size.steps > 0) size.json += 1;
		size.steps += 1;
		size.bytes += entry.body.length;
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
		this.sinks.runs.delete(run.id);
		run.entries.forEach((entry, place) => {
			this.byMessage.delete(entry.messageId);
			this.sinks.entries.delete(entryKey(run.id, place));
		});
		if (run.failure?.messageId) this.byMessage.delete(run.failure.messageId);
	}
}
