/** Messages between startReceiverInWorker and its worker thread. */
import type { ReceivedRequest } from './event.js';
import type { ResolvedReceiverOptions } from './options.js';
import type { KeyPair } from './signing-keys.js';

export interface WorkerStart {
	options: ResolvedReceiverOptions;
	/** Longest an event waits in the worker before it is posted. */
	batchIntervalMs: number;
	/** Events per message at most. */
	maxBatch: number;
	/** The main thread can read the keys again (see SigningKeys): the worker asks it with read-keys. */
	readKeys: boolean;
	/** How requests cross to the main thread (see WorkerReceiverOptions.postAs). */
	postAs: PostAs;
}

/**
 * `frames`: a batch of requests as frames (request-frame.ts) in one buffer whose memory is handed
 * over; `clones`: a batch of request objects, each copied by the structured clone.
 */
export type PostAs = 'frames' | 'clones';

export type ToWorker =
	/** The thread's work; its first message, and only that one. */
	| { type: 'start'; start: WorkerStart }
	| { type: 'close' }
	/** The answer to read-keys `id`: the keys, or none when they could not be read. */
	| { type: 'keys'; id: number; keys: KeyPair | undefined };

export type FromWorker =
	| { type: 'listening'; url: string }
	| { type: 'failed'; message: string }
	/** Requests, one frame each (request-frame.ts), back to back. */
	| { type: 'frames'; frames: ArrayBuffer }
	/** Requests as objects, their bodies as Uint8Arrays (the structured clone makes no Buffer). */
	| { type: 'requests'; requests: ReceivedRequest[] }
	/** A request answered but not posted (a bug): what went wrong. */
	| { type: 'record-failed'; seq: number; message: string }
	/** The history could not write: what the receiver's onHistoryError hears. */
	| { type: 'history-failed'; message: string }
	/** `historyDropped`: requests the history did not keep (see HistoryWriter.dropped). */
	| { type: 'closed'; historyDropped: number }
	/** Read the keys again, and answer with keys `id`. */
	| { type: 'read-keys'; id: number }
	/** A read of the keys found them changed. */
	| { type: 'keys-changed'; keys: KeyPair };
