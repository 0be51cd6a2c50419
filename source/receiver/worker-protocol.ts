/** Messages between startReceiverInWorker and its worker thread. */
import type { ResolvedReceiverOptions } from './options.js';

export interface WorkerStart {
	options: ResolvedReceiverOptions;
	/** Longest an event waits in the worker before it is posted. */
	batchIntervalMs: number;
	/** Events per message at most. */
	maxBatch: number;
}

export type ToWorker = { type: 'close' };

export type FromWorker =
	| { type: 'listening'; url: string }
	| { type: 'failed'; message: string }
	/** Requests, one frame each (request-frame.ts), back to back. */
	| { type: 'frames'; frames: ArrayBuffer }
	/** A request answered but not posted (a bug): what went wrong. */
	| { type: 'record-failed'; seq: number; message: string }
	/** The history could not write: what the receiver's onHistoryError hears. */
	| { type: 'history-failed'; message: string }
	/** `historyDropped`: requests the history did not keep (see HistoryWriter.dropped). */
	| { type: 'closed'; historyDropped: number };
