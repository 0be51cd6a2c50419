/**
 * A receiver whose HTTP server and signature checks run in a worker thread, so that a burst of
 * thousands of callbacks a second cannot stall the main thread (the TUI's key handling). Verified
 * requests arrive in batches and feed a store of the same type as startReceiver's, which works
 * out their events (at once when something listens to every event, else when asked) from the
 * frames they came in.
 */
import type { ReceivedRequest } from './event.js';
import { type ReceiverHandle, receiverStore, recordError, type StartReceiverOptions } from './receiver.js';
import { readFrame } from './request-frame.js';
import type { KeyPair } from './signing-keys.js';
import type { EventStore } from './store.js';
import type { FromWorker, PostAs, ToWorker, WorkerStart } from './worker-protocol.js';
import { ReceiverThread } from './worker-thread.js';

export interface WorkerReceiverOptions extends StartReceiverOptions {
	/** Longest an event waits in the worker before it is posted; default 20 ms. */
	batchIntervalMs?: number | undefined;
	/** Events per message at most; default 500. */
	maxBatch?: number | undefined;
	/**
	 * How requests cross to the main thread: `frames` (the default), or `clones`, each request
	 * object copied by the structured clone, which the receiver benchmark measures the frames
	 * against (README, Benchmarks).
	 */
	postAs?: PostAs | undefined;
}

/** A receiver on `thread`, one started earlier (worker-thread.ts), else on a thread started now. */
export async function startReceiverInWorker(
	options: WorkerReceiverOptions,
	thread?: ReceiverThread,
): Promise<ReceiverHandle> {
	let made: ReturnType<typeof receiverStore>;
	try {
		made = receiverStore(options);
	} catch (error) {
		await thread?.worker.terminate();
		throw error;
	}
	const { resolved, store } = made;
	const start: WorkerStart = {
		options: resolved,
		batchIntervalMs: options.batchIntervalMs ?? 20,
		maxBatch: options.maxBatch ?? 500,
		readKeys: options.readKeys !== undefined,
		postAs: options.postAs ?? 'frames',
	};
	const worker = (thread ?? new ReceiverThread()).claim();
	worker.postMessage({ type: 'start', start } satisfies ToWorker);
	// Set once close() is called: from then on the worker's exit is expected.
	let closed = false;
	let onClosed: (() => void) | undefined;
	let historyDropped = 0;
	let keys: KeyPair = { current: resolved.currentSigningKey, next: resolved.nextSigningKey };
	const readKeys = options.readKeys;

	const url = await new Promise<string>((resolve, reject) => {
		const early = (error: Error) => reject(error);
		const exitEarly = (code: number) => reject(new Error(`receiver worker exited with code ${code}`));
		worker.once('error', early);
		worker.once('exit', exitEarly);
		worker.on('message', (message: FromWorker) => {
			switch (message.type) {
				case 'listening':
					worker.off('error', early);
					worker.off('exit', exitEarly);
					resolve(message.url);
					break;
				case 'failed':
					reject(new Error(message.message));
					break;
				case 'frames':
					addFrames(store, Buffer.from(message.frames), (error) => options.onError?.(error));
					break;
				case 'requests':
					addRequests(store, message.requests, (error) => options.onError?.(error));
					break;
				case 'record-failed':
					options.onError?.(recordError(new Error(message.message), message.seq));
					break;
				case 'history-failed':
					options.onHistoryError?.(new Error(message.message));
					break;
				case 'closed':
					historyDropped = message.historyDropped;
					onClosed?.();
					break;
				case 'read-keys':
					void readKeys?.()
						.catch(() => undefined)
						// Answered while closing too: the requests waiting for it are answered before the worker ends.
						.then((read) =>
							worker.postMessage({ type: 'keys', id: message.id, keys: read } satisfies ToWorker),
						);
					break;
				case 'keys-changed':
					keys = message.keys;
					options.onKeysChanged?.(keys);
					break;
			}
		});
	});
	worker.on('error', (error) => {
		if (!closed) options.onError?.(error);
	});
	worker.on('exit', (code) => {
		if (!closed) options.onError?.(new Error(`receiver worker exited with code ${code}`));
	});

	let closing: Promise<void> | undefined;
	return {
		url,
		store,
		historyDropped: () => historyDropped,
		signingKeys: () => keys,
		close: () => {
			closing ??= (async () => {
				closed = true;
				const done = new Promise<void>((resolve) => {
					onClosed = resolve;
					worker.once('exit', () => resolve());
				});
				worker.postMessage({ type: 'close' } satisfies ToWorker);
				await done;
				await worker.terminate();
				store.flush();
			})();
			return closing;
		},
	};
}

/**
 * The requests of a batch of frames, in order, into the store. A request that fails there (a
 * listener that throws) costs itself, not the batch or the process; a damaged batch (both sides
 * are this module's, so it should not happen) costs the rest of itself.
 */
function addFrames(store: EventStore, frames: Buffer, failed: (error: Error) => void): void {
	for (let at = 0; at < frames.length; ) {
		const read = readFrame(frames, at);
		if (!read.complete) {
			failed(new Error("a batch of requests arrived damaged from the receiver's thread"));
			return;
		}
		try {
			store.addFrame(frames, read.span);
		} catch (error) {
			failed(recordError(error as Error, read.span.seq));
		}
		at = read.span.end;
	}
}

/** The requests of a batch of clones, in order, into the store; one that fails there costs itself. */
function addRequests(store: EventStore, requests: ReceivedRequest[], failed: (error: Error) => void): void {
	for (const request of requests) {
		const body = request.body;
		if (body !== undefined) request.body = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
		try {
			store.addRequest(request);
		} catch (error) {
			failed(recordError(error as Error, request.seq));
		}
	}
}
