/**
 * A process that hosts one contender of the `local` benchmark's latency measure: the local
 * service (kept in a data directory or in memory only) or the bare forwarder. Users run
 * `mqtop serve` as a process of its own, apart from the app that publishes and the one that
 * receives; hosted so, the contender's event loop and heap are its own, and the load
 * generator's and the sink's work and garbage are not counted as its pauses.
 */
import { type LocalService, startLocalService } from '../source/local/service.js';
import { benchLimits, type Pauses, startForwarder, watchPauses } from './local-support.js';

export type LocalHostRequest =
	| { type: 'start'; kind: 'forwarder'; sinkUrl: string }
	| { type: 'start'; kind: 'service'; dataDir?: string }
	/** Starts watching this process's pauses; `pauses` answers them and stops. */
	| { type: 'watch' }
	| { type: 'pauses' }
	| { type: 'close' };
export type LocalHostReply =
	| { type: 'started'; url: string; token: string }
	| { type: 'watching' }
	| ({ type: 'pauses' } & Pauses);

const send = (reply: LocalHostReply) => process.send?.(reply);
let close: (() => Promise<unknown>) | undefined;
let watch: { stop(): Pauses } | undefined;

process.on('message', async (request: LocalHostRequest) => {
	switch (request.type) {
		case 'start': {
			if (request.kind === 'forwarder') {
				const forwarder = await startForwarder(request.sinkUrl);
				close = forwarder.close;
				send({ type: 'started', url: forwarder.url, token: '' });
			} else {
				const service: LocalService = await startLocalService({
					...benchLimits,
					...(request.dataDir === undefined ? {} : { dataDir: request.dataDir }),
				});
				close = service.close;
				send({ type: 'started', url: service.queueUrl, token: service.token });
			}
			break;
		}
		case 'watch':
			watch = watchPauses();
			send({ type: 'watching' });
			break;
		case 'pauses': {
			const pauses = watch?.stop() ?? { loopDelayMaxMs: 0, gc: [] };
			watch = undefined;
			send({ type: 'pauses', ...pauses });
			break;
		}
		case 'close':
			await close?.();
			// The benchmark may have let go of the channel already.
			if (process.connected) process.disconnect();
			break;
	}
});
