/**
 * What the monitor hangs on its receiver's store, for the receiver benchmark: the Messages
 * feed (every request's gist into the tracked messages) and the Callbacks pane, which reads the
 * events of a snapshot at its own pace (callbacksRefreshMs, paced by useThrottledStore's throttle).
 */
import type { EventStore, ReceiverSnapshot } from '../source/receiver/store.js';
import { feedReceived } from '../source/ui/data/receiver-feed.js';
import { TrackedMessages } from '../source/ui/data/tracked-messages.js';
import { throttleStore } from '../source/ui/kit/hooks/use-throttled-store.js';
import { callbacksRefreshMs } from '../source/ui/panes/callbacks/model.js';

export interface MonitorWatch {
	/** Events the pane has read so far, and messages the feed tracks. */
	seen(): { events: number; tracked: number };
	stop(): void;
}

export function watchLikeMonitor(store: EventStore): MonitorWatch {
	const tracked = new TrackedMessages();
	const stopFeed = feedReceived(store, tracked);
	let events = 0;
	const throttle = throttleStore<ReceiverSnapshot>(
		store,
		(snapshot) => {
			events += snapshot.events.length;
		},
		{ shown: store.getSnapshot(), interval: callbacksRefreshMs },
	);
	return {
		seen: () => ({ events, tracked: tracked.getSnapshot().messages.length }),
		stop: () => {
			throttle.stop();
			stopFeed();
		},
	};
}
