/**
 * The worker thread of startReceiverInWorker: runs the server and the verification here, and
 * posts the requests, as they arrived and with their verdicts, to the main thread in batches, so
 * a burst costs the main thread one message per batch instead of one task per request. The main
 * thread works out their events: a decoded event costs three times as much to copy between
 * threads as to decode from the request it came from.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { ReceivedRequest } from './event.js';
import { HistoryWriter } from './history.js';
import { listenReceiver } from './server.js';
import type { FromWorker, ToWorker, WorkerStart } from './worker-protocol.js';

const port = parentPort;
if (!port) throw new Error('worker-entry runs only as a worker thread');
const start = workerData as WorkerStart;
const post = (message: FromWorker) => port.postMessage(message);

let batch: ReceivedRequest[] = [];
let timer: NodeJS.Timeout | undefined;

function flush(): void {
	if (timer) clearTimeout(timer);
	timer = undefined;
	if (batch.length === 0) return;
	post({ type: 'requests', requests: batch });
	batch = [];
}

let history: HistoryWriter | undefined;

function record(request: ReceivedRequest): void {
	history?.append(request);
	batch.push(withOwnBody(request));
	if (batch.length >= start.maxBatch) flush();
	else timer ??= setTimeout(flush, start.batchIntervalMs);
}

/**
 * Gives the request (ours: the server made it for `record`) a body in a buffer of its own. The
 * server's body may be a view of a larger buffer (the socket read it came in, or Node's pool),
 * all of which a post would copy.
 */
function withOwnBody(request: ReceivedRequest): ReceivedRequest {
	const body = request.body;
	if (body === undefined || body.byteLength === body.buffer.byteLength) return request;
	request.body = new Uint8Array(body);
	return request;
}

try {
	if (start.options.historyDir !== undefined) history = await HistoryWriter.open(start.options.historyDir);
	const server = await listenReceiver(start.options, record, (history?.lastSeq ?? 0) + 1);
	port.on('message', async (message: ToWorker) => {
		if (message.type !== 'close') return;
		await server.close();
		flush();
		await history?.close();
		post({ type: 'closed' });
		port.close();
	});
	post({ type: 'listening', url: server.url });
} catch (error) {
	post({ type: 'failed', message: (error as Error).message });
	port.close();
}
