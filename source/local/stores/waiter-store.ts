/**
 * `waitForEvent` steps waiting for their event, and events notified to a run before it waited
 * for them (a notify that names the run is kept until the run waits). Plain data, kept record
 * by record; the timers that end a wait at its deadline are the workflow engine's. Bounded
 * (docs/protocol/limits.md#waiters): a waiter past the most waiters or their bytes is refused
 * (`refusal` says why, before anything changes); past the most notifications or their bytes
 * the oldest is dropped, and that is said.
 */
import { type EvictionReporter, noEvictionReport } from './evictions.js';
import { discard, type RecordSink, seqKey } from './record-sink.js';

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

export interface WaiterSinks {
	waiters: RecordSink<WaiterRecord>;
	/** Keyed by a sequence number, so that key order is arrival order. */
	notifications: RecordSink<KeptNotification>;
}

export const defaultMaxKeptNotifications = 10_000;

/** How much the waiters and the kept notifications may hold. */
export interface WaiterBounds {
	/** Waiters at once. */
	waiters: number;
	/** Bytes of the waiters at once, as they are kept (JSON). */
	waiterBytes: number;
	/** Bytes of the kept notifications at once, as they are kept (JSON). */
	notificationBytes: number;
}

export const defaultWaiterBounds: WaiterBounds = {
	waiters: 10_000,
	waiterBytes: 64 * 1024 * 1024,
	notificationBytes: 64 * 1024 * 1024,
};

/** The bytes a record takes as it is kept. */
const keptBytes = (record: unknown) => Buffer.byteLength(JSON.stringify(record));

export class WaiterStore {
	private readonly waiters = new Map<string, WaiterRecord>();
	/** Notifications by their sequence number; insertion order is arrival order. */
	private readonly kept = new Map<number, KeptNotification>();
	/** The bytes of each waiter and kept notification, and their sums. */
	private readonly waiterSizes = new Map<string, number>();
	private readonly keptSizes = new Map<number, number>();
	private waiterTotal = 0;
	private keptTotal = 0;
	private nextSeq = 0;
	private readonly bounds: WaiterBounds;

	constructor(
		private readonly sinks: WaiterSinks = { waiters: discard(), notifications: discard() },
		private readonly maxKept = defaultMaxKeptNotifications,
		private readonly evictions: EvictionReporter = noEvictionReport,
		bounds: Partial<WaiterBounds> = {},
	) {
		this.bounds = { ...defaultWaiterBounds, ...bounds };
	}

	/** The bytes the waiters and the kept notifications hold now, as they are kept. */
	get bytes(): { waiters: number; notifications: number } {
		return { waiters: this.waiterTotal, notifications: this.keptTotal };
	}

	get(id: string): WaiterRecord | undefined {
		return this.waiters.get(id);
	}

	/** Why `waiter` cannot be added (the most waiters or bytes reached); undefined when it can. */
	refusal(waiter: WaiterRecord): string | undefined {
		const replaced = this.waiterSizes.get(waiter.id);
		const count = this.waiters.size + (replaced === undefined ? 1 : 0);
		if (count > this.bounds.waiters)
			return `${this.waiters.size} steps wait for events, the most the local service keeps: end some runs or notify their events first`;
		const bytes = this.waiterTotal - (replaced ?? 0) + keptBytes(waiter);
		if (bytes > this.bounds.waiterBytes)
			return `the waiting steps would take ${bytes} bytes, more than the ${this.bounds.waiterBytes} the local service keeps for them: wait with a smaller timeoutBody, step or headers, or end some runs first`;
		return undefined;
	}

	/** Adds a waiter (the caller asked `refusal` first). */
	add(waiter: WaiterRecord): void {
		this.forgetSize(waiter.id);
		this.waiters.set(waiter.id, waiter);
		this.noteSize(waiter);
		this.sinks.waiters.put(waiter.id, waiter);
	}

	remove(id: string): WaiterRecord | undefined {
		const waiter = this.waiters.get(id);
		if (!waiter) return undefined;
		this.waiters.delete(id);
		this.forgetSize(id);
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
		const size = keptBytes(notification);
		while (
			this.kept.size > 0 &&
			(this.kept.size >= this.maxKept || this.keptTotal + size > this.bounds.notificationBytes)
		) {
			const oldest = this.kept.keys().next().value as number;
			this.drop(oldest);
			this.evictions.evicted(
				'notifications kept for runs not yet waiting',
				1,
				`${this.maxKept} of at most ${this.bounds.notificationBytes} bytes are kept, the most there may be: the oldest are dropped for each new one`,
			);
		}
		const seq = this.nextSeq++;
		this.kept.set(seq, notification);
		this.keptSizes.set(seq, size);
		this.keptTotal += size;
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
		for (const waiter of waiters) {
			this.forgetSize(waiter.id);
			this.waiters.set(waiter.id, waiter);
			this.noteSize(waiter);
		}
		for (const [key, notification] of notifications) {
			const seq = Number(key);
			if (!Number.isSafeInteger(seq)) continue;
			this.kept.set(seq, notification);
			const size = keptBytes(notification);
			this.keptSizes.set(seq, size);
			this.keptTotal += size;
			this.nextSeq = Math.max(this.nextSeq, seq + 1);
		}
	}

	private drop(seq: number): void {
		this.kept.delete(seq);
		this.keptTotal -= this.keptSizes.get(seq) ?? 0;
		this.keptSizes.delete(seq);
		this.sinks.notifications.delete(seqKey(seq));
	}

	private noteSize(waiter: WaiterRecord): void {
		const size = keptBytes(waiter);
		this.waiterSizes.set(waiter.id, size);
		this.waiterTotal += size;
	}

	private forgetSize(id: string): void {
		this.waiterTotal -= this.waiterSizes.get(id) ?? 0;
		this.waiterSizes.delete(id);
	}
}
