/**
 * The message ids the Messages pane follows, where each came from, and what mqtop learnt about
 * each besides reading it: the callbacks the receiver saw, the service's delivery logs and a
 * cancel made here. Publishes and triggers made in mqtop, the receiver's callbacks and
 * deliveries, the service's delivery logs and ids the user types all add here; the pane
 * polls each id it shows.
 */
import type { DeliveryLog } from './endpoints.js';
import { Store } from './store.js';

/** The newest callback the receiver saw for a message: one per delivery attempt. */
export interface CallbackFact {
	/** The status the destination answered this attempt with. */
	status: number;
	retried: number;
	maxRetries: number;
	/** Where the message was delivered and with which method, as the callback says. */
	url?: string;
	method?: string;
}

export type MessageOrigin = 'publish' | 'trigger' | 'callback' | 'delivery' | 'events' | 'typed';

export interface TrackedMessage {
	id: string;
	origin: MessageOrigin;
	/** Unix milliseconds when mqtop first saw the id. */
	since: number;
	/** The dead letter id a failure callback reported for this message. */
	dlqId?: string;
	/** The callback of the latest attempt the receiver saw. */
	callback?: CallbackFact;
	/** The service's delivery logs of this message, newest first, the newest few. */
	events?: readonly DeliveryLog[];
	/** Unix milliseconds when the service accepted a cancel made here. */
	cancelledAt?: number;
}

/** What one observation adds to a message: an id with an origin, and any new facts. */
export type TrackedUpdate = Pick<TrackedMessage, 'id' | 'origin' | 'since'> &
	Partial<Pick<TrackedMessage, 'dlqId' | 'callback' | 'events' | 'cancelledAt'>>;

export interface TrackedState {
	/** Newest first. */
	messages: readonly TrackedMessage[];
}

/** Ids kept at most: the oldest fall off, so a long session stays bounded. */
export const trackedLimit = 500;
/** Events kept per message: enough for its lifecycle with a few retries. */
export const eventsPerMessage = 24;

/** Adds or updates one id; a known id keeps its origin and place, gaining the facts given. */
export function trackMessage(
	state: TrackedState,
	message: TrackedUpdate,
	limit = trackedLimit,
): TrackedState {
	return trackMessages(state, [message], limit);
}

/**
 * Applies many updates in one pass (a batch of callbacks, a page of events): new ids go on top
 * in the order given, the last newest; known ids keep their place. Returns `state` itself when
 * nothing changed.
 */
export function trackMessages(
	state: TrackedState,
	updates: readonly TrackedUpdate[],
	limit = trackedLimit,
): TrackedState {
	if (updates.length === 0) return state;
	const known = new Map(state.messages.map((m, i) => [m.id, i]));
	let messages: TrackedMessage[] | undefined;
	const added = new Map<string, TrackedMessage>();
	for (const update of updates) {
		const at = known.get(update.id);
		if (at !== undefined) {
			const before = (messages ?? state.messages)[at]!;
			const after = merge(before, update);
			if (after === before) continue;
			messages ??= [...state.messages];
			messages[at] = after;
			continue;
		}
		const fresh = added.get(update.id);
		added.set(update.id, fresh ? merge(fresh, update) : freshMessage(update));
	}
	if (!messages && added.size === 0) return state;
	// The new ids on top, newest first, then the known ones, up to the limit.
	const out: TrackedMessage[] = [...added.values()].reverse();
	if (out.length > limit) out.length = limit;
	for (const message of messages ?? state.messages) {
		if (out.length >= limit) break;
		out.push(message);
	}
	return { messages: out };
}

/** A message first seen in `update`: the same as merging it into a message with no facts, in one object. */
function freshMessage(update: TrackedUpdate): TrackedMessage {
	const message: TrackedMessage = { id: update.id, origin: update.origin, since: update.since };
	if (update.dlqId) message.dlqId = update.dlqId;
	if (update.callback) message.callback = update.callback;
	if (update.events && update.events.length > 0) message.events = update.events.slice(0, eventsPerMessage);
	if (update.cancelledAt !== undefined) message.cancelledAt = update.cancelledAt;
	return message;
}

function merge(known: TrackedMessage, update: TrackedUpdate): TrackedMessage {
	let next = known;
	const set = <K extends keyof TrackedMessage>(key: K, value: TrackedMessage[K]) => {
		next = next === known ? { ...known, [key]: value } : { ...next, [key]: value };
	};
	if (update.dlqId && update.dlqId !== known.dlqId) set('dlqId', update.dlqId);
	if (update.callback && newerCallback(update.callback, known.callback)) set('callback', update.callback);
	if (update.events && update.events.length > 0) {
		const events = mergeEvents(update.events, known.events ?? []);
		if (events !== known.events) set('events', events);
	}
	if (update.cancelledAt !== undefined && known.cancelledAt === undefined)
		set('cancelledAt', update.cancelledAt);
	return next;
}

/** Callbacks can arrive out of order (each is a message of its own): the latest attempt wins. */
function newerCallback(candidate: CallbackFact, known: CallbackFact | undefined): boolean {
	if (!known) return true;
	if (candidate.retried !== known.retried) return candidate.retried > known.retried;
	return candidate.status !== known.status || candidate.maxRetries !== known.maxRetries;
}

const eventKey = (e: DeliveryLog) =>
	`${e.time} ${e.state} ${e.responseStatus ?? ''} ${e.nextDeliveryTime ?? ''}`;

/**
 * `fresh` and `known` both newest first: the fresh events go first, then the known ones it does
 * not repeat, newest first by their time (the logs of one message, read on their own, may be
 * older than the newest page). Returns `known` itself when nothing is new.
 */
function mergeEvents(fresh: readonly DeliveryLog[], known: readonly DeliveryLog[]): readonly DeliveryLog[] {
	const seen = new Set(known.map(eventKey));
	if (fresh.every((e) => seen.has(eventKey(e)))) return known;
	const freshKeys = new Set(fresh.map(eventKey));
	const merged = [...fresh, ...known.filter((e) => !freshKeys.has(eventKey(e)))];
	// A stable sort: entries of the same millisecond keep the order they were listed in.
	if (merged.every((e) => e.time !== undefined)) merged.sort((a, b) => b.time! - a.time!);
	return merged.slice(0, eventsPerMessage);
}

/** The events of a listing page grouped by message, as updates: oldest message first, so the newest lands on top. */
export function eventUpdates(events: readonly DeliveryLog[], since: number): TrackedUpdate[] {
	const byId = new Map<string, DeliveryLog[]>();
	for (const event of events) {
		const list = byId.get(event.messageId);
		if (list) list.push(event);
		else byId.set(event.messageId, [event]);
	}
	return [...byId].reverse().map(([id, list]) => ({ id, origin: 'events' as const, since, events: list }));
}

export class TrackedMessages extends Store<TrackedState> {
	constructor(
		private readonly now: () => number = Date.now,
		coalesceMs = 50,
	) {
		super({ messages: [] }, coalesceMs);
	}

	track(id: string, origin: MessageOrigin, dlqId?: string): void {
		this.update((state) =>
			trackMessage(state, { id, origin, since: this.now(), ...(dlqId ? { dlqId } : {}) }),
		);
	}

	/** Many observations at once, e.g. a batch of received callbacks. */
	trackMany(updates: readonly Omit<TrackedUpdate, 'since'>[]): void {
		const since = this.now();
		this.update((state) =>
			trackMessages(
				state,
				updates.map((u) => ({ ...u, since }) as TrackedUpdate),
			),
		);
	}

	/** A page of the service's delivery logs, newest first. */
	noteEvents(events: readonly DeliveryLog[]): void {
		this.update((state) => trackMessages(state, eventUpdates(events, this.now())));
	}

	/** The service accepted a cancel of `id` made here. */
	noteCancelled(id: string): void {
		const at = this.now();
		this.update((state) => trackMessage(state, { id, origin: 'typed', since: at, cancelledAt: at }));
	}
}
