/**
 * What the receiver tells about messages, outside React: each verified callback or delivery
 * adds its message to the tracked messages (with the callback's facts), so the Messages pane
 * follows it whichever pane is on screen.
 */
import type { EventGist, EventStore } from '../../receiver/index.js';
import type { TrackedMessages, TrackedUpdate } from './tracked-messages.js';

/** What one received request (its event, or the gist of it) says about a message: its callback, or its own id. */
export function receivedUpdate(event: EventGist): Omit<TrackedUpdate, 'since'> | undefined {
	const cb = event.callback;
	// A rejected request could say anything: only a verified one tells about a message.
	if (!event.verified) return undefined;
	if (cb)
		return {
			id: cb.sourceMessageId,
			origin: 'callback',
			...(cb.dlqId ? { dlqId: cb.dlqId } : {}),
			callback: {
				status: cb.status,
				retried: cb.retried,
				maxRetries: cb.maxRetries,
				// The callback names where the message went and how: the row shows it before the service is read.
				url: cb.url,
				method: cb.method,
			},
		};
	if (event.delivery.messageId) return { id: event.delivery.messageId, origin: 'delivery' };
	return undefined;
}

/** Feeds the receiver's events into `tracked`, one update per batch; returns the unsubscribe. */
export function feedReceived(store: EventStore, tracked: TrackedMessages): () => void {
	let pending: Omit<TrackedUpdate, 'since'>[] = [];
	const flush = () => {
		const updates = pending;
		pending = [];
		if (updates.length > 0) tracked.trackMany(updates);
	};
	// Events arrive in batches of hundreds: one update of the tracked list per batch. Their
	// gists are enough here, and cost a fraction of the events under a burst.
	const stop = store.onGist((event) => {
		const update = receivedUpdate(event);
		if (!update) return;
		if (pending.length === 0) queueMicrotask(flush);
		pending.push(update);
	});
	return () => {
		stop();
		pending = [];
	};
}
