/** A receiver on the main thread: the server feeding a store (used by `mqtop listen`). */
import type { ReceivedEvent } from './event.js';
import { openHistory } from './history-write.js';
import { type ReceiverOptions, type ResolvedReceiverOptions, resolveReceiverOptions } from './options.js';
import { listenReceiver } from './server.js';
import type { KeyPair, ReadKeys } from './signing-keys.js';
import { EventStore } from './store.js';

export interface ReceiverHandle {
	/** Where the service should send requests, e.g. `http://127.0.0.1:41234`. */
	url: string;
	store: EventStore;
	/** Requests its history did not keep (see HistoryWriter.dropped); known once closed. */
	historyDropped(): number;
	/** The main key pair it verifies with now (read again with readKeys when they rotate). */
	signingKeys(): KeyPair;
	/** Stops listening, drops open connections and publishes the last events. */
	close(): Promise<void>;
}

export interface StartReceiverOptions extends ReceiverOptions {
	/** Called for every event, in order, as it is recorded. */
	onEvent?: ((event: ReceivedEvent) => void) | undefined;
	/**
	 * Called with what went wrong after the receiver started: a request answered but not recorded
	 * in full (a bug, e.g. an event listener that throws), after which the receiver goes on; for
	 * the worker receiver also its thread stopping on its own (it should not).
	 */
	onError?: ((error: Error) => void) | undefined;
	/**
	 * Called when the history could not write (e.g. the disk is full): those requests were
	 * answered and shown but are not kept for replay. Once, then at most every 30 s while the
	 * same error goes on. Also called at start when another process writes the history: the
	 * receiver then keeps none (see openHistory).
	 */
	onHistoryError?: ((error: Error) => void) | undefined;
	/**
	 * Reads the main key pair again where it came from (the local server, whose keys rotate): a
	 * request whose signature no key matches is verified again with the keys read after it came.
	 */
	readKeys?: ReadKeys | undefined;
	/** Called when a read of the keys found them changed. */
	onKeysChanged?: ((keys: KeyPair) => void) | undefined;
	/** Bytes of requests the store keeps as they arrived, at most (EventStore's maxRawBytes). */
	maxRawBytes?: number | undefined;
}

/** The error of a request answered but not recorded in full. */
export function recordError(error: Error, seq: number): Error {
	return new Error(`request ${seq} was answered but not recorded in full: ${error.message}`, {
		cause: error,
	});
}

/** A receiver's options resolved, and the store of its events, which tells `onEvent` of each. */
export function receiverStore(options: StartReceiverOptions): {
	resolved: ResolvedReceiverOptions;
	store: EventStore;
} {
	const resolved = resolveReceiverOptions(options);
	const store = new EventStore({
		capacity: resolved.capacity,
		notifyIntervalMs: resolved.notifyIntervalMs,
		...(options.maxRawBytes !== undefined ? { maxRawBytes: options.maxRawBytes } : {}),
		// The resolved options carry the dialect and shown-body limit classification needs.
		classify: resolved,
	});
	if (options.onEvent) store.onEvent(options.onEvent);
	return { resolved, store };
}

export async function startReceiver(options: StartReceiverOptions): Promise<ReceiverHandle> {
	const { resolved, store } = receiverStore(options);
	const history =
		resolved.historyDir === undefined
			? undefined
			: await openHistory(resolved.historyDir, (error) => options.onHistoryError?.(error));
	let keys: KeyPair = { current: resolved.currentSigningKey, next: resolved.nextSigningKey };
	const server = await listenReceiver(resolved, {
		record: (request) => {
			// The history first: a bug in an event listener must not cost the copy kept for replay.
			history?.append(request);
			store.addRequest(request);
		},
		firstSeq: (history?.lastSeq ?? 0) + 1,
		recordFailed: (error, request) => options.onError?.(recordError(error, request.seq)),
		readKeys: options.readKeys,
		keysChanged: (pair) => {
			keys = pair;
			options.onKeysChanged?.(pair);
		},
	});
	let closing: Promise<void> | undefined;
	return {
		url: server.url,
		store,
		historyDropped: () => history?.dropped ?? 0,
		signingKeys: () => keys,
		close: () => {
			closing ??= server.close().then(async () => {
				store.flush();
				await history?.close();
			});
			return closing;
		},
	};
}
