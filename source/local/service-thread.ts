/**
 * The local service on a worker thread, so that a burst of traffic through it never stalls
 * the caller's event loop (the TUI renders on the main thread). Same handle as
 * startLocalService, minus the in-process state.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { LocalServiceData } from './options.js';
import { stateErrorNamed } from './persistence/state-errors.js';
import type { LocalServiceHandle, LocalServiceInfo } from './service.js';

type FromWorker =
	| { type: 'ready'; info: LocalServiceInfo }
	| { type: 'closed' }
	| { type: 'token'; token: string }
	| { type: 'error'; message: string; name?: string; code?: string };

/** The error the worker met, as this thread can test it (a StateError, EADDRINUSE). */
function errorFrom(message: Extract<FromWorker, { type: 'error' }>): Error {
	const stateError = stateErrorNamed(message.name, message.message);
	if (stateError) return stateError;
	const error = new Error(message.message) as Error & { code?: string };
	if (message.code !== undefined) error.code = message.code;
	return error;
}

/** How long close() waits for the worker to close its server before terminating it. */
const closeTimeoutMs = 5_000;

/** What the caller is told while the service runs (functions do not cross to a worker). */
export interface ServiceEvents {
	/** The account's new messaging token, after a rotation. */
	onTokenChange?: (token: string) => void;
}

export async function startLocalServiceInWorker(
	options: LocalServiceData = {},
	events: ServiceEvents = {},
): Promise<LocalServiceHandle> {
	// From dist/local/ or from the monitor's bundle in dist/cli/ alike; bundled when the build made one.
	const bundled = new URL('../local/service-thread-entry.bundle.js', import.meta.url);
	const entry = existsSync(fileURLToPath(bundled))
		? bundled
		: new URL('../local/service-thread-entry.js', import.meta.url);
	if (!existsSync(fileURLToPath(entry))) {
		// Run from TypeScript sources (a test runner) there is no compiled entry for a worker
		// to load; the service then runs on this thread, behind the same handle.
		// Loaded only then: on the worker's path the service is the worker's to load, not this thread's.
		const { startLocalService } = await import('./service.js');
		const {
			context: _context,
			dataDir: _dataDir,
			...handle
		} = await startLocalService({
			...options,
			...events,
		});
		return handle;
	}
	const worker = new Worker(entry, { workerData: options });
	const info = await new Promise<LocalServiceInfo>((resolve, reject) => {
		const onExit = (code: number) => reject(new Error(`the local service worker exited (code ${code})`));
		worker.once('error', reject);
		worker.once('exit', onExit);
		worker.once('message', (message: FromWorker) => {
			worker.off('error', reject);
			worker.off('exit', onExit);
			if (message.type === 'ready') resolve(message.info);
			else
				reject(message.type === 'error' ? errorFrom(message) : new Error('the local service worker stopped'));
		});
	});
	// After start, an error in the worker ends it; close() then has nothing left to wait for.
	worker.on('error', () => {});
	worker.on('message', (message: FromWorker) => {
		if (message.type === 'token') events.onTokenChange?.(message.token);
	});
	let exited = false;
	worker.once('exit', () => {
		exited = true;
	});
	let closing: Promise<void> | undefined;
	const close = () => {
		closing ??= new Promise<void>((resolve) => {
			if (exited) {
				resolve();
				return;
			}
			const timer = setTimeout(() => void worker.terminate(), closeTimeoutMs);
			worker.once('exit', () => {
				clearTimeout(timer);
				resolve();
			});
			worker.postMessage({ type: 'close' });
		});
		return closing;
	};
	return { ...info, close };
}
