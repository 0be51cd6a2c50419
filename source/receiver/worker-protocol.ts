/** Messages between startReceiverInWorker and its worker thread. */
import type { ReceivedRequest } from './event.js';
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
	| { type: 'requests'; requests: ReceivedRequest[] }
	| { type: 'closed' };
