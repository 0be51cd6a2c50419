/**
 * A process that only hosts a receiver, for the memory part of the receiver benchmark: its
 * resident memory is the receiver's (plus Node itself), not the benchmark's. A worker receiver
 * is hosted as the monitor has it: the Messages feed, the Callbacks pane reading events at its
 * pace (monitor-watch.ts), and a history on disk.
 */
import { dialectPresets } from '../source/api/dialect.js';
import type { ReceiverHandle } from '../source/receiver/receiver.js';
import { startReceiver } from '../source/receiver/receiver.js';
import { startReceiverInWorker } from '../source/receiver/worker.js';
import { watchLikeMonitor } from './monitor-watch.js';

export type HostedReceiver = 'module' | 'worker';
export type HostRequest =
	| { type: 'start'; key: string; kind: HostedReceiver; historyDir?: string }
	| { type: 'close' };
export type HostReply = { type: 'started'; url: string; pid: number };

const send = (reply: HostReply) => process.send?.(reply);
let receiver: ReceiverHandle | undefined;

process.on('message', async (request: HostRequest) => {
	if (request.type === 'start') {
		// Verifying as the deployed service signs, as the load is signed.
		const dialect = dialectPresets.deployed;
		if (request.kind === 'module')
			receiver = await startReceiver({ currentSigningKey: request.key, dialect });
		else {
			receiver = await startReceiverInWorker({
				currentSigningKey: request.key,
				historyDir: request.historyDir,
				dialect,
			});
			watchLikeMonitor(receiver.store);
		}
		send({ type: 'started', url: receiver.url, pid: process.pid });
	} else if (request.type === 'close') {
		await receiver?.close();
		// The benchmark may have let go of the channel already.
		if (process.connected) process.disconnect();
	}
});
