/**
 * `waitForEvent` steps waiting for their event, and events notified to a run before it waited
 * for them (a notify that names the run is kept until the run waits). Plain data; the timers
 * that end a wait at its deadline are the workflow engine's.
 */

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

export interface WaiterSnapshot {
	waiters: WaiterRecord[];
	kept: KeptNotification[];
}

export class WaiterStore {
	private readonly waiters = new Map<string, WaiterRecord>();
	private kept: KeptNotification[] = [];

	constructor(private readonly maxKept = 10_000) {}

	get(id: string): WaiterRecord | undefined {
		return this.waiters.get(id);
	}

	add(waiter: WaiterRecord): void {
		this.waiters.set(waiter.id, waiter);
	}

	remove(id: string): WaiterRecord | undefined {
		const waiter = this.waiters.get(id);
		this.waiters.delete(id);
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
		if (this.kept.length >= this.maxKept) this.kept.shift();
		this.kept.push(notification);
	}

	/** The oldest notification kept for this run and event, removed. */
	take(runId: string, eventId: string): KeptNotification | undefined {
		const at = this.kept.findIndex((n) => n.runId === runId && n.eventId === eventId);
		return at < 0 ? undefined : this.kept.splice(at, 1)[0];
	}

	/** Forgets everything of a run that ended. */
	dropRun(runId: string): WaiterRecord[] {
		const dropped = this.forRun(runId);
		for (const waiter of dropped) this.waiters.delete(waiter.id);
		this.kept = this.kept.filter((n) => n.runId !== runId);
		return dropped;
	}

	snapshot(): WaiterSnapshot {
		return structuredClone({ waiters: this.all(), kept: this.kept });
	}

	restore(snapshot: WaiterSnapshot): void {
		const copy = structuredClone(snapshot);
		for (const waiter of copy.waiters) this.waiters.set(waiter.id, waiter);
		this.kept.push(...copy.kept);
	}
}
