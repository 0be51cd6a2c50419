/**
 * A process that only hosts a receiver, for the memory part of the receiver benchmark: its
 * resident memory is the receiver's (plus Node itself), not the benchmark's.
 */
import { startReceiver } from '../source/receiver/receiver.js';

export type HostRequest = { type: 'start'; key: string } | { type: 'stats' } | { type: 'close' };
export type HostReply =
	| { type: 'started'; url: string }
	| { type: 'stats'; rss: number; heapUsed: number; received: number; kept: number };

const send = (reply: HostReply) => process.send?.(reply);
let receiver: Awaited<ReturnType<typeof startReceiver>> | undefined;

process.on('message', async (request: HostRequest) => {
	if (request.type === 'start') {
		receiver = await startReceiver({ currentSigningKey: request.key });
		send({ type: 'started', url: receiver.url });
	} else if (request.type === 'stats' && receiver) {
		receiver.store.flush();
		const { counters, events } = receiver.store.getSnapshot();
		const memory = process.memoryUsage();
		send({
			type: 'stats',
			rss: memory.rss,
			heapUsed: memory.heapUsed,
			received: counters.total,
			kept: events.length,
		});
	} else if (request.type === 'close') {
		await receiver?.close();
		process.disconnect();
	}
});
