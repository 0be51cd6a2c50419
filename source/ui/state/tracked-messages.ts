/**
 * The message ids the Messages pane follows, and where each came from. Publishes and triggers
 * made in mqtop, the receiver's callbacks and deliveries, the service's events listing and ids
 * the user types all add here; the pane polls each id it shows.
 */
import { Store } from './store.js';

export type MessageOrigin = 'publish' | 'trigger' | 'callback' | 'delivery' | 'events' | 'typed';

export interface TrackedMessage {
	id: string;
	origin: MessageOrigin;
	/** Unix milliseconds when mqtop first saw the id. */
	since: number;
	/** The dead letter id a failure callback reported for this message. */
	dlqId?: string;
}

export interface TrackedState {
	/** Newest first. */
	messages: readonly TrackedMessage[];
}

/** Ids kept at most: the oldest fall off, so a long session stays bounded. */
export const trackedLimit = 500;

/** Adds or updates one id; a known id keeps its origin and place, gaining a dlqId if given. */
export function trackMessage(
	state: TrackedState,
	message: TrackedMessage,
	limit = trackedLimit,
): TrackedState {
	const at = state.messages.findIndex((m) => m.id === message.id);
	if (at >= 0) {
		const known = state.messages[at]!;
		if (!message.dlqId || known.dlqId === message.dlqId) return state;
		const messages = [...state.messages];
		messages[at] = { ...known, dlqId: message.dlqId };
		return { messages };
	}
	return { messages: [message, ...state.messages].slice(0, limit) };
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
}
