/**
 * The worker thread of startReceiverInWorker: runs the server and the verification here, and
 * posts the requests, as they arrived and with their verdicts, to the main thread in batches: the
 * frames of a batch (request-frame.ts, the same bytes the history keeps) in one buffer whose
 * memory is handed over, not cloned, so that a burst costs the main thread (the TUI's) one
 * message per batch and no structured clone per request. The main thread works out their
 * events, from the request rather than a decoded event, which costs more to copy than to decode.
 * What the frames buy over clones is measured, with and without, by the receiver benchmark
 * (WorkerReceiverOptions.postAs).
 */
import { parentPort } from 'node:worker_threads';
import type { ReceivedRequest } from './event.js';
import { type HistoryWriter, openHistory } from './history-write.js';
import { encodeRequest, writeFrame } from './request-frame.js';
import { listenReceiver } from './server.js';
import type { KeyPair } from './signing-keys.js';
import type { FromWorker, ToWorker, WorkerStart } from './worker-protocol.js';

const port = parentPort;
if (!port) throw new Error('worker-entry runs only as a worker thread');
const post = (message: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);
// The thread may start before its work is known (worker-thread.ts): the work is the first message.
const start = await new Promise<WorkerStart>((resolve) => {
	port.once('message', (message: ToWorker) => {
		if (message.type === 'start') resolve(message.start);
		else throw new Error(`the receiver's thread was sent ${message.type} before its work`);
	});
});

/** Room for the frames of a batch; a request larger than that goes in a batch of its own. */
const batchBytes = 256 * 1024;
// Frames are written straight into the batch, one buffer for the life of the thread: no
// buffer per request, no copy to gather them, and no garbage but the copies handed over.
const batch = Buffer.allocUnsafeSlow(batchBytes);
let used = 0;
let count = 0;
/** Where the batch's frames the history keeps (those whose body was read) start and end. */
let kept: number[] = [];
/** The batch's requests, when they are posted as clones. */
let clones: ReceivedRequest[] = [];
let timer: NodeJS.Timeout | undefined;
let history: HistoryWriter | undefined;
/** Reads of the keys asked of the main thread, by id. */
const keyReads = new Map<number, (keys: KeyPair | undefined) => void>();
let keyReadId = 0;

/** The keys as the main thread reads them again. */
function readKeys(): Promise<KeyPair | undefined> {
	const id = ++keyReadId;
	return new Promise((resolve) => {
		keyReads.set(id, resolve);
		post({ type: 'read-keys', id });
	});
}

function flush(): void {
	if (timer) clearTimeout(timer);
	timer = undefined;
	if (clones.length > 0) {
		post({ type: 'requests', requests: clones });
		clones = [];
	}
	if (count === 0) return;
	const frames = batch.subarray(0, used);
	if (history && kept.length > 0) {
		// A copy of its own: the batch is written over next.
		const copy = Buffer.from(frames);
		for (let i = 0; i < kept.length; i += 2) history.appendFrame(copy.subarray(kept[i], kept[i + 1]));
	}
	postFrames(frames);
	used = 0;
	count = 0;
	kept = [];
}

/** Frames to the main thread: a copy of just their bytes, whose memory is handed over. */
function postFrames(frames: Buffer): void {
	const buffer = frames.buffer.slice(frames.byteOffset, frames.byteOffset + frames.length) as ArrayBuffer;
	post({ type: 'frames', frames: buffer }, [buffer]);
}

/** Keeps a request for the history, and posts it as a clone in the next batch. */
function recordClone(request: ReceivedRequest): void {
	history?.append(request);
	// Its own bytes: a clone of a view copies all of the memory under it (Node's pool of 8 KB).
	const body = request.body;
	if (body !== undefined && body.byteLength !== body.buffer.byteLength) request.body = Buffer.from(body);
	clones.push(request);
	if (clones.length >= start.maxBatch) flush();
	else timer ??= setTimeout(flush, start.batchIntervalMs);
}

function record(request: ReceivedRequest): void {
	let end = writeFrame(request, batch, used);
	if (end === undefined) {
		flush();
		end = writeFrame(request, batch, used);
	}
	if (end === undefined) {
		const frame = encodeRequest(request);
		if (request.body !== undefined) history?.appendFrame(frame);
		postFrames(frame);
		return;
	}
	if (request.body !== undefined) kept.push(used, end);
	used = end;
	if (++count >= start.maxBatch) flush();
	else timer ??= setTimeout(flush, start.batchIntervalMs);
}

try {
	if (start.options.historyDir !== undefined)
		history = await openHistory(start.options.historyDir, (error) =>
			post({ type: 'history-failed', message: error.message }),
		);
	const server = await listenReceiver(start.options, {
		record: start.postAs === 'clones' ? recordClone : record,
		firstSeq: (history?.lastSeq ?? 0) + 1,
		recordFailed: (error, request) =>
			post({ type: 'record-failed', seq: request.seq, message: error.message }),
		// Recording here is a copy: answers go out while the rest of the turn is read.
		answersHeld: 8,
		readKeys: start.readKeys ? readKeys : undefined,
		keysChanged: (keys) => post({ type: 'keys-changed', keys }),
	});
	port.on('message', async (message: ToWorker) => {
		if (message.type === 'keys') {
			keyReads.get(message.id)?.(message.keys);
			keyReads.delete(message.id);
			return;
		}
		if (message.type !== 'close') return;
		await server.close();
		flush();
		await history?.close();
		post({ type: 'closed', historyDropped: history?.dropped ?? 0 });
		port.close();
	});
	post({ type: 'listening', url: server.url });
} catch (error) {
	post({ type: 'failed', message: (error as Error).message });
	port.close();
}
