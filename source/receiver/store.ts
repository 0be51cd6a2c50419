/**
 * The received events, outside React: a bounded ring of the newest events plus counters over
 * everything ever received. Change listeners are notified at a bounded rate (a burst of
 * thousands of requests makes one notification per interval, not one render per request) and
 * see an immutable snapshot whose identity changes only when something changed, which is what
 * React's useSyncExternalStore needs. Event listeners, by contrast, see every event in order.
 *
 * A request can be kept as it arrived (addRequest), or as the frame the worker thread posted
 * (addFrame): its event is then worked out only when something needs it (an event listener, the
 * events of a snapshot when they are read, waitFor). Under a burst, the Callbacks pane reads the
 * events a few times a second, so most requests are never decoded in full; the Messages feed
 * follows every one through its gist (gistOf), which costs a fraction of an event. The counters
 * need only what the server already knows of every request (verified or not, over the limit or
 * not); the kinds of events are on the events themselves.
 */
import { defaultDialect } from '../api/dialect.js';
import {
	type ClassifyOptions,
	defaultMaxShownBodyBytes,
	eventOf,
	gistOf,
	undecodableEvent,
} from './classify.js';
import type { EventGist, ReceivedEvent, ReceivedRequest } from './event.js';
import { KeptRaw, RawLedger, requestBytes } from './kept-raw.js';
import {
	decodeRequest,
	decodeStored,
	type FrameSpan,
	frameReceivedAt,
	frameSeq,
	frameVerdict,
	glanceFrame,
} from './request-frame.js';
import { RingBuffer } from './ring-buffer.js';

export interface ReceiverCounters {
	total: number;
	verified: number;
	rejected: number;
	/** Requests answered 413. */
	oversize: number;
	/** Events pushed out of the ring by newer ones. */
	evicted: number;
}

export interface ReceiverSnapshot {
	/** Oldest first, at most `capacity` of them; worked out when first read. */
	events: readonly ReceivedEvent[];
	/** How many events there are, without working them out. */
	size: number;
	/** The seq of the event at `index` (oldest first), without working it out. */
	seqAt(index: number): number;
	/** The event at `index` (oldest first), worked out alone when it was not yet: for a reader of a few. */
	eventAt(index: number): ReceivedEvent | undefined;
	/** When the request at `index` (oldest first) was received, without working out its event. */
	timeAt(index: number): number;
	counters: Readonly<ReceiverCounters>;
	capacity: number;
}

export interface EventStoreOptions {
	/** Events kept; default 1000. */
	capacity?: number;
	/**
	 * Bytes of requests kept as they arrived (not yet worked out into their events) at most;
	 * past it the oldest are worked out, which keeps what they show and lets their bytes go.
	 * Default 32 MiB.
	 */
	maxRawBytes?: number;
	/** Least time between two change notifications; default 50 ms. */
	notifyIntervalMs?: number;
	/** How requests kept as they arrived (addRequest) become events; default dialect, 16 KiB. */
	classify?: ClassifyOptions;
}

/** A request kept as it arrived; its event is worked out the first time it is needed. */
class KeptRequest extends KeptRaw {
	readonly seq: number;
	readonly receivedAt: number;
	#request: ReceivedRequest | undefined;
	#event: ReceivedEvent | undefined;
	constructor(request: ReceivedRequest, ledger: RawLedger) {
		super(ledger, requestBytes(request));
		this.seq = request.seq;
		this.receivedAt = request.receivedAt;
		this.#request = request;
	}
	event(options: ClassifyOptions): ReceivedEvent {
		if (this.#event === undefined) {
			this.#event = eventOf(this.#request!, options);
			// The event holds all it needs; the raw body can go.
			this.#request = undefined;
			this.uncount();
		}
		return this.#event;
	}
}

/** A request kept as the frame it came in (a view of a batch); its event is worked out when needed. */
class KeptFrame extends KeptRaw {
	readonly receivedAt: number;
	#frames: Buffer | undefined;
	#event: ReceivedEvent | undefined;
	constructor(
		frames: Buffer,
		private readonly span: FrameSpan,
		ledger: RawLedger,
	) {
		super(ledger, span.end - span.start);
		this.#frames = frames;
		this.receivedAt = frameReceivedAt(frames, span);
	}
	get seq(): number {
		return this.span.seq;
	}
	event(options: ClassifyOptions): ReceivedEvent {
		if (this.#event === undefined) {
			this.#event = eventOf(decodeRequest(this.#frames!, this.span), options);
			// The event holds all it needs: the batch can go once none of its requests needs it.
			this.#frames = undefined;
			this.uncount();
		}
		return this.#event;
	}
}

/**
 * A request read from another process's history (a frame in a buffer of its own, whole by its
 * checksum); its event is worked out when needed, its fields checked then (decodeStored).
 */
class KeptStored extends KeptRaw {
	readonly seq: number;
	readonly receivedAt: number;
	#frame: Buffer | undefined;
	#event: ReceivedEvent | undefined;
	constructor(
		frame: Buffer,
		private readonly span: FrameSpan,
		receivedAt: number,
		ledger: RawLedger,
	) {
		super(ledger, frame.length);
		this.seq = span.seq;
		this.receivedAt = receivedAt;
		this.#frame = frame;
	}
	event(options: ClassifyOptions): ReceivedEvent {
		if (this.#event === undefined) {
			const request = decodeStored(this.#frame!, this.span);
			this.#event = request
				? eventOf(request, options)
				: undecodableEvent(this.seq, this.receivedAt, 'this record of the history does not read');
			this.#frame = undefined;
			this.uncount();
		}
		return this.#event;
	}
}

type Kept = ReceivedEvent | KeptRequest | KeptFrame | KeptStored;

export const defaultCapacity = 1000;
export const defaultNotifyIntervalMs = 50;
export const defaultMaxRawBytes = 32 * 1024 * 1024;

export class EventStore {
	readonly capacity: number;
	readonly notifyIntervalMs: number;
	readonly maxRawBytes: number;
	#classify: ClassifyOptions;
	#ring: RingBuffer<Kept>;
	#raw = new RawLedger();
	/** Items pushed into the ring ever; those before `#workedUpTo` are worked out or gone. */
	#pushed = 0;
	#workedUpTo = 0;
	#counters: ReceiverCounters = emptyCounters();
	#snapshot: ReceiverSnapshot;
	/** Changes not yet published by a notification. */
	#dirty = false;
	/** Published changes the snapshot does not show yet: it is built when next asked for. */
	#stale = false;
	#timer: NodeJS.Timeout | undefined;
	#listeners = new Set<() => void>();
	#eventListeners = new Set<(event: ReceivedEvent) => void>();
	#gistListeners = new Set<(gist: EventGist) => void>();

	constructor(options: EventStoreOptions = {}) {
		this.capacity = options.capacity ?? defaultCapacity;
		this.notifyIntervalMs = options.notifyIntervalMs ?? defaultNotifyIntervalMs;
		this.maxRawBytes = options.maxRawBytes ?? defaultMaxRawBytes;
		this.#classify = options.classify ?? {
			dialect: defaultDialect,
			maxShownBodyBytes: defaultMaxShownBodyBytes,
		};
		this.#ring = new RingBuffer(this.capacity);
		this.#snapshot = this.#build();
	}

	/**
	 * The bytes of the requests kept as they arrived, not yet worked out into their events: at
	 * most `maxRawBytes` once an add returns. (The events worked out are bounded apart: their
	 * bodies are cut to the shown-body limit.)
	 */
	get rawBytes(): number {
		return this.#raw.bytes;
	}

	add(event: ReceivedEvent): void {
		this.#count(this.#push(event), event.verified, event.kind === 'oversize');
		for (const listener of this.#eventListeners) listener(event);
		this.#gist(event);
		this.#changed();
	}

	/**
	 * Keeps a request as it arrived; the same as `add(eventOf(request, classify))`, except that
	 * the event is worked out only when something asks for it.
	 */
	addRequest(request: ReceivedRequest): void {
		// An event listener wants every event at once: nothing to gain by waiting.
		if (this.#eventListeners.size > 0) {
			this.add(eventOf(request, this.#classify));
			return;
		}
		const verified = request.verification?.ok === true;
		this.#count(this.#push(new KeptRequest(request, this.#raw)), verified, request.body === undefined);
		this.#changed();
		if (this.#gistListeners.size > 0)
			this.#gist(gistOf(verified, request.rawHeaders, request.body, this.#classify.dialect));
	}

	/**
	 * Keeps the request of a frame this process made (request-frame.ts) at `span` of `frames`;
	 * the same as `addRequest(decodeRequest(frames, span))`, for less: the frame is decoded only
	 * when its event is needed, and kept until then (and with it the batch it is part of).
	 */
	addFrame(frames: Buffer, span: FrameSpan): void {
		// An event listener wants every event at once: the request in full, as it arrived.
		if (this.#eventListeners.size > 0) {
			this.addRequest(decodeRequest(frames, span));
			return;
		}
		const { verified, bodyRead } = frameVerdict(frames, span);
		this.#count(this.#push(new KeptFrame(frames, span, this.#raw)), verified, !bodyRead);
		this.#changed();
		if (this.#gistListeners.size > 0) {
			const { rawHeaders, body } = glanceFrame(frames, span);
			this.#gist(gistOf(verified, rawHeaders, body, this.#classify.dialect));
		}
	}

	/**
	 * Keeps the request of a frame read from another process's history (`frame` holds it alone,
	 * whole by its checksum: history-read.ts): its fields are checked when its event is worked out.
	 */
	addStored(frame: Buffer): void {
		const span: FrameSpan = { seq: frameSeq(frame, 0), start: 0, end: frame.length };
		const { verified, bodyRead } = frameVerdict(frame, span);
		const kept = new KeptStored(frame, span, frameReceivedAt(frame, span), this.#raw);
		this.#count(this.#push(kept), verified, !bodyRead);
		this.#changed();
	}

	/** Something about the store besides its events changed (what it follows): notify as for an event. */
	touch(): void {
		this.#changed();
	}

	addMany(events: readonly ReceivedEvent[]): void {
		for (const event of events) this.add(event);
	}

	/** Empties the list; counters keep counting. */
	clear(): void {
		for (const item of this.#ring.toArray()) if (item instanceof KeptRaw) item.uncount();
		this.#ring.clear();
		this.#pushed = 0;
		this.#workedUpTo = 0;
		this.#changed();
	}

	/** Coalesced change notifications; returns the unsubscribe function. */
	subscribe = (listener: () => void): (() => void) => {
		this.#listeners.add(listener);
		return () => this.#listeners.delete(listener);
	};

	getSnapshot = (): ReceiverSnapshot => {
		if (this.#stale) {
			this.#stale = false;
			this.#snapshot = this.#build();
		}
		return this.#snapshot;
	};

	/** Called synchronously for every event, in order, never coalesced (e.g. `listen --json`). */
	onEvent(listener: (event: ReceivedEvent) => void): () => void {
		this.#eventListeners.add(listener);
		return () => this.#eventListeners.delete(listener);
	}

	/**
	 * Called synchronously for every request, in order, with its gist: for a listener that follows
	 * every request but needs only what gistOf works out (the Messages feed). Cheaper than
	 * onEvent, which works out every event in full as it comes.
	 */
	onGist(listener: (gist: EventGist) => void): () => void {
		this.#gistListeners.add(listener);
		return () => this.#gistListeners.delete(listener);
	}

	/**
	 * The first event, kept or still to come, that matches; rejects after `timeoutMs`. For tests
	 * and scripts: publish with a callback to this receiver, then wait for its event.
	 */
	waitFor(match: (event: ReceivedEvent) => boolean, timeoutMs = 10_000): Promise<ReceivedEvent> {
		const kept = this.#events().find(match);
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
		this.#stale = true;
		for (const listener of this.#listeners) listener();
	}

	/** Publishes what is pending and stops the timer. */
	dispose(): void {
		this.flush();
		this.#listeners.clear();
		this.#eventListeners.clear();
		this.#gistListeners.clear();
	}

	/**
	 * Into the ring; what it pushes out is no longer the store's. Past the most raw bytes, the
	 * oldest requests still kept as they arrived are worked out into their events (what the
	 * list shows of them) and their bytes go: a burst of large requests, rejected ones above all,
	 * keeps what it shows and no more.
	 */
	#push(item: Kept): Kept | undefined {
		const evicted = this.#ring.push(item);
		this.#pushed++;
		if (evicted instanceof KeptRaw) evicted.uncount();
		if (this.#raw.bytes > this.maxRawBytes) this.#workOut();
		return evicted;
	}

	#workOut(): void {
		const oldest = this.#pushed - this.#ring.size;
		this.#workedUpTo = Math.max(this.#workedUpTo, oldest);
		while (this.#raw.bytes > this.maxRawBytes && this.#workedUpTo < this.#pushed) {
			const item = this.#ring.at(this.#workedUpTo - oldest);
			this.#workedUpTo++;
			if (item instanceof KeptRaw && item.counted) item.event(this.#classify);
		}
	}

	#count(evicted: Kept | undefined, verified: boolean, oversize: boolean): void {
		const c = this.#counters;
		c.total++;
		if (verified) c.verified++;
		else c.rejected++;
		if (oversize) c.oversize++;
		if (evicted) c.evicted++;
	}

	/** The kept events, oldest first, each worked out if it was not yet. */
	#events(): ReceivedEvent[] {
		return eventsOf(this.#ring.toArray(), this.#classify);
	}

	#changed(): void {
		this.#dirty = true;
		if (this.#timer) return;
		this.#timer = setTimeout(() => this.flush(), this.notifyIntervalMs);
		// A pending notification must not keep a finished program alive.
		this.#timer.unref();
	}

	#build(): ReceiverSnapshot {
		return new LazySnapshot(this.#ring.toArray(), { ...this.#counters }, this.capacity, this.#classify);
	}

	#gist(gist: EventGist): void {
		for (const listener of this.#gistListeners) listener(gist);
	}
}

/**
 * A snapshot whose events are worked out when read: the change notifications of a burst (one
 * per interval) then cost a copy of the ring, and only what someone reads is decoded: all of
 * them (events), or the few a screen shows (eventAt; the Callbacks pane draws a few snapshots a
 * second). Frozen like the rest: only its memo of the events changes, once.
 */
class LazySnapshot implements ReceiverSnapshot {
	readonly #kept: readonly Kept[];
	#events: readonly ReceivedEvent[] | undefined;
	readonly counters: Readonly<ReceiverCounters>;
	constructor(
		kept: Kept[],
		counters: ReceiverCounters,
		readonly capacity: number,
		private readonly classify: ClassifyOptions,
	) {
		this.#kept = kept;
		this.counters = Object.freeze(counters);
		Object.freeze(this);
	}
	get events(): readonly ReceivedEvent[] {
		this.#events ??= Object.freeze(eventsOf(this.#kept, this.classify));
		return this.#events;
	}
	get size(): number {
		return this.#kept.length;
	}
	seqAt(index: number): number {
		return this.#kept[index]!.seq;
	}
	eventAt(index: number): ReceivedEvent | undefined {
		const item = this.#kept[index];
		return item && eventOfKept(item, this.classify);
	}
	timeAt(index: number): number {
		return this.#kept[index]!.receivedAt;
	}
}

/** The event of a kept item, worked out if it was not yet. */
function eventOfKept(item: Kept, classify: ClassifyOptions): ReceivedEvent {
	return item instanceof KeptRaw ? item.event(classify) : item;
}

/** The events of kept items, each worked out if it was not yet. */
function eventsOf(kept: readonly Kept[], classify: ClassifyOptions): ReceivedEvent[] {
	const events = new Array<ReceivedEvent>(kept.length);
	for (let i = 0; i < kept.length; i++) events[i] = eventOfKept(kept[i]!, classify);
	return events;
}

function emptyCounters(): ReceiverCounters {
	return { total: 0, verified: 0, rejected: 0, oversize: 0, evicted: 0 };
}
