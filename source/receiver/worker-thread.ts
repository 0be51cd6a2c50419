/**
 * The receiver's worker thread, started before it is told what to do. A thread takes a good part
 * of the monitor's start to come up (Node's own modules, then the receiver's bundle), and what it
 * will be told (the signing keys, the history) is known only once the monitor has read its
 * configuration: main.ts starts one as soon as it knows the monitor runs, and startReceiverInWorker
 * gives it its work (README, Development). Until then it does not keep the process alive.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

/** The worker thread's young generation at most, MB. */
const workerYoungGenerationMb = 16;

export class ReceiverThread {
	readonly worker: Worker;
	#ended: Error | undefined;

	constructor() {
		this.worker = new Worker(workerEntry(), {
			// Under a burst V8 grows the thread's young generation to its default most, and the
			// process past the receiver benchmark's memory bound; a smaller one costs more time in
			// scavenges. This size keeps within the bound at little cost (figures: README, Benchmarks).
			resourceLimits: { maxYoungGenerationSizeMb: workerYoungGenerationMb },
		});
		this.worker.unref();
		this.worker.once('error', (error) => {
			this.#ended ??= error;
		});
		this.worker.once('exit', (code) => {
			this.#ended ??= new Error(`receiver worker exited with code ${code}`);
		});
	}

	/** Why the thread ended, if it has: it then takes no work. */
	get ended(): Error | undefined {
		return this.#ended;
	}

	/** From now on the thread keeps the process alive, as the receiver it runs does. */
	claim(): Worker {
		if (this.#ended) throw this.#ended;
		this.worker.ref();
		return this.worker;
	}
}

/**
 * The compiled worker module. Under a TypeScript runner (the tests) this file is the `.ts`
 * source and there is no `.js` beside it, so the built one in dist/ is used.
 */
function workerEntry(): URL {
	const here = import.meta.url;
	// From dist/receiver/ or from the monitor's bundle in dist/cli/ alike; bundled when the build made one.
	const built = here.endsWith('.ts') ? new URL('../../dist/receiver/', here) : new URL('../receiver/', here);
	const bundled = new URL('worker-entry.bundle.js', built);
	const entry = existsSync(fileURLToPath(bundled)) ? bundled : new URL('worker-entry.js', built);
	if (!existsSync(fileURLToPath(entry))) {
		throw new Error(
			`the receiver worker is not built (${fileURLToPath(entry)} is missing): run npm run build`,
		);
	}
	return entry;
}
