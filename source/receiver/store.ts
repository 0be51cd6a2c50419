/**
 * The received events, outside React: a bounded ring of the newest events plus counters over
 * everything ever received. Change listeners are notified at a bounded rate (a burst of
 * thousands of requests makes one notification per interval, not one render per request) and
 * see an immutable snapshot whose identity changes only when something changed, which is what
 * React's useSyncExternalStore needs. Event listeners, by contrast, see every event in order.
 */
import { type EventKind, eventKinds, type ReceivedEvent } from './event.js';
import { RingBuffer } from './ring-buffer.js';

export interface ReceiverCounters {
	total: number;
	verified: number;
	rejected: number;
	/** Requests answered 413. */
	oversize: number;
	byKind: Readonly<Record<EventKind, number>>;
	/** Events pushed out of the ring by newer ones. */
	evicted: number;
}

export interface ReceiverSnapshot {
	/** Oldest first, at most `capacity` of them. */
	events: readonly ReceivedEvent[];
	counters: Readonly<ReceiverCounters>;
	capacity: number;
}

export interface EventStoreOptions {
	/** Events kept; default 1000. */
	capacity?: number;
	/** Least time between two change notifications; default 50 ms. */
	notifyIntervalMs?: number;
}

export const defaultCapacity = 1000;
export const defaultNotifyIntervalMs = 50;

export class EventStore {
	readonly capacity: number;
	readonly notifyIntervalMs: number;
	#ring: RingBuffer<ReceivedEvent>;
	#counters: MutableCounters = emptyCounters();
	#snapshot: ReceiverSnapshot;
	#dirty = false;
	#timer: NodeJS.Timeout | undefined;
	#listeners = new Set<() => void>();
	#eventListeners = new Set<(event: ReceivedEvent) => void>();

	constructor(options: EventStoreOptions = {}) {
		this.capacity = options.capacity ?? defaultCapacity;
		this.notifyIntervalMs = options.notifyIntervalMs ?? defaultNotifyIntervalMs;
		this.#ring = new RingBuffer(this.capacity);
		this.#snapshot = this.#build();
	}

	add(event: ReceivedEvent): void {
		const evicted = this.#ring.push(event);
		const c = this.#counters;
		c.total++;
		if (event.verified) c.verified++;
		else c.rejected++;
		if (event.kind === 'oversize') c.oversize++;
		c.byKind[event.kind]++;
		if (evicted) c.evicted++;
		for (const listener of this.#eventListeners) listener(event);
		this.#changed();
	}

	addMany(events: readonly ReceivedEvent[]): void {
		for (const event of events) this.add(event);
	}

	/** Empties the list; counters keep counting. */
	clear(): void {
		this.#ring.clear();
		this.#changed();
	}

	/** Coalesced change notifications; returns the unsubscribe function. */
	subscribe = (listener: () => void): (() => void) => {
		this.#listeners.add(listener);
		return () => this.#listeners.delete(listener);
	};

	getSnapshot = (): ReceiverSnapshot => this.#snapshot;

	/** Called synchronously for every event, in order, never coalesced (e.g. `listen --json`). */
	onEvent(listener: (event: ReceivedEvent) => void): () => void {
		this.#eventListeners.add(listener);
		return () => this.#eventListeners.delete(listener);
	}

	/**
	 * The first event, kept or still to come, that matches; rejects after `timeoutMs`. For tests
	 * and scripts: publish with a callback to this receiver, then wait for its event.
	 */
	waitFor(match: (event: ReceivedEvent) => boolean, timeoutMs = 10_000): Promise<ReceivedEvent> {
		const kept = this.#ring.toArray().find(match);
		if (kept) return Promise.resolve(kept);
		return new Promise((resolve, reject) => {
			const timer = setTimeout(() => {
				stop();
				reject(new Error(`no matching event within ${timeoutMs} ms`));
			}, timeoutMs);
			const stop = this.onEvent((event) => {
				if (!match(event)) return;
				clearTimeout(timer);
				stop();
				resolve(event);
			});
		});
	}

	/** Publishes pending changes now instead of at the next interval. */
	flush(): void {
		if (this.#timer) clearTimeout(this.#timer);
		this.#timer = undefined;
		if (!this.#dirty) return;
		this.#dirty = false;
		this.#snapshot = this.#build();
		for (const listener of this.#listeners) listener();
	}

	/** Publishes what is pending and stops the timer. */
	dispose(): void {
		this.flush();
		this.#listeners.clear();
		this.#eventListeners.clear();
	}

	#changed(): void {
		this.#dirty = true;
		if (this.#timer) return;
		this.#timer = setTimeout(() => this.flush(), this.notifyIntervalMs);
		// A pending notification must not keep a finished program alive.
		this.#timer.unref();
	}

	#build(): ReceiverSnapshot {
		const counters = Object.freeze({
			...this.#counters,
			byKind: Object.freeze({ ...this.#counters.byKind }),
		});
		return Object.freeze({
			events: Object.freeze(this.#ring.toArray()),
			counters,
			capacity: this.capacity,
		});
	}
}

type MutableCounters = Omit<ReceiverCounters, 'byKind'> & { byKind: Record<EventKind, number> };

function emptyCounters(): MutableCounters {
	const byKind = Object.fromEntries(eventKinds.map((kind) => [kind, 0])) as Record<EventKind, number>;
	return { total: 0, verified: 0, rejected: 0, oversize: 0, byKind, evicted: 0 };
}
