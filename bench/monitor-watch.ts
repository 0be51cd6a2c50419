/**
 * What the monitor hangs on its receiver's store, for the receiver benchmark: the Messages
 * feed (every request's gist into the tracked messages) and the Callbacks pane, which reads the
 * events of a snapshot at its own pace (callbacksRefreshMs, as useThrottledStore paces it).
 */
import type { EventStore, ReceiverSnapshot } from '../source/receiver/store.js';
import { feedReceived } from '../source/ui/data/receiver-feed.js';
import { TrackedMessages } from '../source/ui/data/tracked-messages.js';
import { callbacksRefreshMs } from '../source/ui/panes/callbacks/model.js';

export interface MonitorWatch {
	/** Events the pane has read so far, and messages the feed tracks. */
	seen(): { events: number; tracked: number };
	stop(): void;
}

export function watchLikeMonitor(store: EventStore): MonitorWatch {
	const tracked = new TrackedMessages();
	const stopFeed = feedReceived(store, tracked);
	let shown: ReceiverSnapshot = store.getSnapshot();
	let last = performance.now();
	let timer: NodeJS.Timeout | undefined;
	let events = 0;
	const draw = () => {
		timer = undefined;
		last = performance.now();
		shown = store.getSnapshot();
		events += shown.events.length;
	};
	const unsubscribe = store.subscribe(() => {
		const next = store.getSnapshot();
		if (timer || next === shown) return;
		const wait = last + callbacksRefreshMs(shown, next) - performance.now();
		if (wait <= 0) draw();
		else timer = setTimeout(draw, wait);
	});
	return {
		seen: () => ({ events, tracked: tracked.getSnapshot().messages.length }),
		stop: () => {
			unsubscribe();
			stopFeed();
			if (timer) clearTimeout(timer);
		},
	};
}
