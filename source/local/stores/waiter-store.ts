/**
 * `waitForEvent` steps waiting for their event, and events notified to a run before it waited
 * for them (a notify that names the run is kept until the run waits). Plain data, kept record
 * by record; the timers that end a wait at its deadline are the workflow engine's. Bounded:
 * past `maxKept` notifications the oldest is dropped, and that is said.
 */
import { type EvictionReporter, noEvictionReport } from './evictions.js';
import { discard, type RecordSink } from './record-sink.js';

export interface WaiterRecord {
	/** One waiter per run and step. */
	id: string;
	eventId: string;
	runId: string;
	/** Where the event's data goes, and where the timeout goes. */
	url: string;
	timeoutUrl: string;
	/** The timeout as the step gave it (`7d`), and when it ends (unix ms). */
	timeout: string;
	deadline: number;
	headers: Record<string, string[]>;
	timeoutHeaders?: Record<string, string[]>;
	timeoutBody?: string;
	/** The step as the SDK described it (id, name, type, concurrency). */
	step: Record<string, unknown>;
	createdAt: number;
}

export interface KeptNotification {
	runId: string;
	eventId: string;
	/** The event's data, base64. */
	data: string;
	createdAt: number;
}

/** The kept waiters and notifications, as an older version saved them whole. */
export interface WaiterSnapshot {
	waiters: WaiterRecord[];
	kept: KeptNotification[];
}

export interface WaiterSinks {
	waiters: RecordSink<WaiterRecord>;
	/** Keyed by a sequence number, so that key order is arrival order. */
	notifications: RecordSink<KeptNotification>;
}

export const defaultMaxKeptNotifications = 10_000;

/** A sequence number as a key that sorts as the number does. */
const seqKey = (seq: number) => seq.toString().padStart(16, '0');

export class WaiterStore {
	private readonly waiters = new Map<string, WaiterRecord>();
	/** Notifications by their sequence number; insertion order is arrival order. */
	private readonly kept = new Map<number, KeptNotification>();
	private nextSeq = 0;

	constructor(
		private readonly sinks: WaiterSinks = { waiters: discard(), notifications: discard() },
		private readonly maxKept = defaultMaxKeptNotifications,
		private readonly evictions: EvictionReporter = noEvictionReport,
	) {}

	get(id: string): WaiterRecord | undefined {
		return this.waiters.get(id);
	}

	add(waiter: WaiterRecord): void {
		this.waiters.set(waiter.id, waiter);
		this.sinks.waiters.put(waiter.id, waiter);
	}

	remove(id: string): WaiterRecord | undefined {
		const waiter = this.waiters.get(id);
		if (!waiter) return undefined;
		this.waiters.delete(id);
		this.sinks.waiters.delete(id);
		return waiter;
	}

	/** Waiters of an event, oldest first. */
	forEvent(eventId: string): WaiterRecord[] {
		return [...this.waiters.values()].filter((w) => w.eventId === eventId);
	}

	forRun(runId: string): WaiterRecord[] {
		return [...this.waiters.values()].filter((w) => w.runId === runId);
	}

	all(): WaiterRecord[] {
		return [...this.waiters.values()];
	}

	keep(notification: KeptNotification): void {
		if (this.kept.size >= this.maxKept) {
			const oldest = this.kept.keys().next().value;
			if (oldest !== undefined) this.drop(oldest);
			this.evictions.evicted(
				'notifications kept for runs not yet waiting',
				1,
				`${this.maxKept} are kept, the most there may be: the oldest is dropped for each new one`,
			);
		}
		const seq = this.nextSeq++;
		this.kept.set(seq, notification);
		this.sinks.notifications.put(seqKey(seq), notification);
	}

	/** The oldest notification kept for this run and event, removed. */
	take(runId: string, eventId: string): KeptNotification | undefined {
		for (const [seq, notification] of this.kept)
			if (notification.runId === runId && notification.eventId === eventId) {
				this.drop(seq);
				return notification;
			}
		return undefined;
	}

	/** Forgets everything of a run that ended. */
	dropRun(runId: string): WaiterRecord[] {
		const dropped = this.forRun(runId);
		for (const waiter of dropped) this.remove(waiter.id);
		for (const [seq, notification] of this.kept) if (notification.runId === runId) this.drop(seq);
		return dropped;
	}

	/** Puts back what was kept (their sinks are not told): notifications in key order. */
	restore(waiters: readonly WaiterRecord[], notifications: readonly [string, KeptNotification][]): void {
		for (const waiter of waiters) this.waiters.set(waiter.id, waiter);
		for (const [key, notification] of notifications) {
			const seq = Number(key);
			if (!Number.isSafeInteger(seq)) continue;
			this.kept.set(seq, notification);
			this.nextSeq = Math.max(this.nextSeq, seq + 1);
		}
	}

	/** Takes in what an older version kept whole, and keeps it record by record from now on. */
	adopt(snapshot: WaiterSnapshot): void {
		for (const waiter of snapshot.waiters ?? []) this.add(waiter);
		for (const notification of snapshot.kept ?? []) this.keep(notification);
	}

	private drop(seq: number): void {
		this.kept.delete(seq);
		this.sinks.notifications.delete(seqKey(seq));
	}
}
