/**
 * The callback receiver: what the TUI and `mqtop listen` import, and all they import of it
 * (lint keeps `ui/` and `cli/` from reaching past this file: biome.json).
 *
 * What starts a server, a thread or a follower of a history is loaded when first called, as it
 * was when its callers imported it dynamically: the monitor's bundle keeps those modules in chunks
 * of their own, evaluated only when used (scripts/bundle.mjs), so that its first frame does not
 * wait for them. The rest is what the panes draw with and the commands print with.
 */
import type { FollowOptions, HistoryFollower } from './history-follow.js';
import type { ReceiverHandle, StartReceiverOptions } from './receiver.js';
import type { EventStore } from './store.js';
import type { WorkerReceiverOptions } from './worker.js';
import type { ReceiverThread } from './worker-thread.js';

export { defaultMaxShownBodyBytes } from './classify.js';
export type { EventGist, EventKind, ForwardSummary, ReceivedEvent } from './event.js';
export { historyDirectory, monitorHistoryDirectory } from './history-files.js';
export type { FollowOptions, FollowState, HistoryFollower } from './history-follow.js';
export { defaultBytesPerSecond, defaultHistoryBytes } from './history-write.js';
export { type NamedKeyPair, ReceiverOptionError } from './options.js';
export type { ReceiverHandle, StartReceiverOptions } from './receiver.js';
export {
	answerParts,
	eventLineParts,
	formatEventLine,
	type LinePart,
	paintParts,
	requestNumber,
	toEventRecord,
	untrustedMark,
} from './render.js';
export type { ReplayEdits } from './replay.js';
export { type ReplayResult, replayFromHistory } from './replay-send.js';
export type { ReadKeys } from './signing-keys.js';
export { EventStore, type ReceiverSnapshot } from './store.js';
export type { WorkerReceiverOptions } from './worker.js';
export type { ReceiverThread } from './worker-thread.js';

/** A receiver on this thread (receiver.ts): its server, its checks and its history. */
export async function startReceiver(options: StartReceiverOptions): Promise<ReceiverHandle> {
	return (await import('./receiver.js')).startReceiver(options);
}

/** A receiver on a worker thread (worker.ts): on `thread`, one started earlier, else on one started now. */
export async function startReceiverInWorker(
	options: WorkerReceiverOptions,
	thread?: ReceiverThread,
): Promise<ReceiverHandle> {
	return (await import('./worker.js')).startReceiverInWorker(options, thread);
}

/** Follows the history in `directory` (history-follow.ts) into `store`, from now until stopped. */
export async function followHistory(
	directory: string,
	store: EventStore,
	options?: FollowOptions,
): Promise<HistoryFollower> {
	return new (await import('./history-follow.js')).HistoryFollower(directory, store, options);
}
