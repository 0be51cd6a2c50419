/**
 * What the monitor hangs on its receiver's store, for the receiver benchmark: the Messages
 * feed (every request's gist into the tracked messages) and the Callbacks pane, which reads a
 * snapshot at its own pace (callbacksRefreshMs, paced by useThrottledStore's throttle) and works
 * out the rows it draws, as the pane does with no filter, on a screen of `listHeight` rows.
 */
import type { EventStore, ReceiverSnapshot } from '../source/receiver/store.js';
import { feedReceived } from '../source/ui/data/receiver-feed.js';
import { TrackedMessages } from '../source/ui/data/tracked-messages.js';
import { throttleStore } from '../source/ui/kit/hooks/use-throttled-store.js';
import { callbacksRefreshMs, eventRows, rowWindow } from '../source/ui/panes/callbacks/callbacks-model.js';

/** The rows of a Callbacks pane in a terminal 50 lines high. */
const listHeight = 42;

export interface MonitorWatch {
	/** Events the pane has drawn so far, and messages the feed tracks. */
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
			events += rowWindow(eventRows(snapshot, undefined), undefined, listHeight).shown.length;
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
