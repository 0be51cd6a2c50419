/**
 * Queues (docs/protocol/queues.md#queue-resource): named, with a parallelism and a paused flag.
 * Plain data; what is in motion (waiting messages, slots, lag) is the delivery engine's.
 */
import { discard, type RecordSink } from './record-sink.js';

export interface QueueRecord {
	name: string;
	createdAt: number;
	updatedAt: number;
	parallelism: number;
	paused: boolean;
}

export type UpsertResult = { ok: true; queue: QueueRecord } | { ok: false };

export class QueueStore {
	private readonly queues = new Map<string, QueueRecord>();

	constructor(
		private readonly limits: { max_queues: number },
		private readonly sink: RecordSink<QueueRecord> = discard(),
	) {}

	get(name: string): QueueRecord | undefined {
		return this.queues.get(name);
	}

	list(): QueueRecord[] {
		return [...this.queues.values()].sort((a, b) => a.name.localeCompare(b.name));
	}

	/** Creates or updates; refused (nothing changes) when a new queue would exceed max_queues. */
	upsert(name: string, settings: { parallelism: number; paused: boolean }, now: number): UpsertResult {
		const existing = this.queues.get(name);
		if (!existing && this.queues.size >= this.limits.max_queues) return { ok: false };
		const queue: QueueRecord = {
			name,
			createdAt: existing?.createdAt ?? now,
			updatedAt: now,
			parallelism: settings.parallelism,
			paused: settings.paused,
		};
		this.queues.set(name, queue);
		this.sink.put(name, queue);
		return { ok: true, queue };
	}

	/** The queue, created with parallelism 1 if it does not exist (as an enqueue does). */
	ensure(name: string, now: number): UpsertResult {
		const existing = this.queues.get(name);
		return existing
			? { ok: true, queue: existing }
			: this.upsert(name, { parallelism: 1, paused: false }, now);
	}

	/** Whether `name` exists or could be created now. */
	canHold(name: string): boolean {
		return this.queues.has(name) || this.queues.size < this.limits.max_queues;
	}

	setPaused(name: string, paused: boolean, now: number): QueueRecord | undefined {
		const queue = this.queues.get(name);
		if (!queue) return undefined;
		queue.paused = paused;
		queue.updatedAt = now;
		this.sink.put(name, queue);
		return queue;
	}

	delete(name: string): boolean {
		if (!this.queues.delete(name)) return false;
		this.sink.delete(name);
		return true;
	}

	snapshot(): QueueRecord[] {
		return this.list().map((queue) => ({ ...queue }));
	}

	/** Puts back queues that were kept (their sink is not told). */
	restore(queues: readonly QueueRecord[]): void {
		for (const queue of queues) this.queues.set(queue.name, { ...queue });
	}
}
