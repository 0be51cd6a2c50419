/** The callback receiver: what the TUI and `mqtop listen` import. */
export { classifyRequest } from './classify.js';
export {
	type CallbackInfo,
	type DeliveryHeaders,
	type EventKind,
	eventKinds,
	type ReceivedEvent,
	type RejectionFailure,
	type ShownBody,
} from './event.js';
export { ReceiverOptionError, type ReceiverOptions } from './options.js';
export { type ReceiverHandle, type StartReceiverOptions, startReceiver } from './receiver.js';
export { EventStore, type ReceiverCounters, type ReceiverSnapshot } from './store.js';
export { startReceiverInWorker, type WorkerReceiverOptions } from './worker.js';
