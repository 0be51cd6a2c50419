/**
 * The worker thread of startReceiverInWorker: runs the server and the verification here, and
 * posts events to the main thread in batches, so a burst of requests costs the main thread one
 * message per batch instead of one task per request. Requests are classified when their batch
 * is posted, in one loop, rather than one by one as they arrive.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { type CapturedHistory, keepRequest, openCapturedHistory } from './captured.js';
import { eventOf, type ReceivedRequest } from './event.js';
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
	post({
		type: 'events',
		events: batch.map((request) => eventOf(request, start.options)),
	});
	batch = [];
}

let history: CapturedHistory | undefined;

function record(request: ReceivedRequest): void {
	if (history) keepRequest(history, request);
	batch.push(request);
	if (batch.length >= start.maxBatch) flush();
	else timer ??= setTimeout(flush, start.batchIntervalMs);
}

try {
	if (start.options.historyDir !== undefined) history = await openCapturedHistory(start.options.historyDir);
	const server = await listenReceiver(start.options, record, (history?.lastSeq ?? 0) + 1);
	port.on('message', async (message: ToWorker) => {
		if (message.type !== 'close') return;
		await server.close();
		flush();
		await history?.flush();
		post({ type: 'closed' });
		port.close();
	});
	post({ type: 'listening', url: server.url });
} catch (error) {
	post({ type: 'failed', message: (error as Error).message });
	port.close();
}
