/**
 * The worker-thread side of startLocalServiceInWorker: starts the service, posts its
 * connection info back, and closes it when told to.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { LocalServiceData } from './options.js';
import { startLocalService } from './service.js';

const port = parentPort;
if (!port) throw new Error('service-thread-entry runs only as a worker thread');

try {
	const {
		context: _context,
		dataDir: _dataDir,
		keptDialect: _keptDialect,
		close,
		...info
	} = await startLocalService({
		...(workerData as LocalServiceData),
		onTokenChange: (token) => port.postMessage({ type: 'token', token }),
	});
	port.on('message', (message: { type?: string }) => {
		if (message?.type !== 'close') return;
		close().then(
			() => {
				port.postMessage({ type: 'closed' });
				port.close();
			},
			(error: unknown) => port.postMessage({ type: 'error', message: String(error) }),
		);
	});
	port.postMessage({ type: 'ready', info });
} catch (error) {
	port.postMessage({
		type: 'error',
		message: error instanceof Error ? error.message : String(error),
		name: error instanceof Error ? error.name : undefined,
		code: (error as { code?: string }).code,
	});
	port.close();
}
