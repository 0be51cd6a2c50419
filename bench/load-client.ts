/** The signed-load generator of the receiver benchmarks, a child process of its own. */
import { BenchChild, benchFile } from './children.js';
import type { LoadJob, LoadResult } from './receiver-load.js';

/** Requests of a load run that failed or were answered with anything but 200. */
export function notOk(result: LoadResult): number {
	return (
		result.errors +
		Object.entries(result.statuses).reduce((n, [status, count]) => (status === '200' ? n : n + count), 0)
	);
}

export type LoadReply = { ok: true; result: LoadResult } | { ok: false; message: string };

export class LoadClient {
	#child = BenchChild.fork<LoadJob | { stop: true }, LoadReply>(benchFile('./receiver-load.js'), {
		name: 'the load generator (receiver-load.js)',
		stdout: 'inherit',
	});
	/** The load generator's process id, to read its CPU time. */
	get pid(): number | undefined {
		return this.#child.process.pid;
	}
	/** Runs `job`; rejects at once if the load generator ends meanwhile. */
	async run(job: LoadJob): Promise<LoadResult> {
		const reply = await this.#child.ask(job);
		if (!reply.ok) throw new Error(reply.message);
		return reply.result;
	}
	/** Ends the running job early; its result comes back as usual. */
	stop(): void {
		this.#child.tell({ stop: true });
	}
	/** Lets the load generator end (it waits only on its channel). */
	close(): void {
		this.#child.close();
	}
}

/** The signed callback both receiver benchmarks send; `sourceMessageId` may carry `{n}` for variety. */
export function benchCallbackBody(sourceMessageId: string): string {
	return JSON.stringify({
		status: 500,
		header: { 'Content-Type': ['application/json'] },
		body: Buffer.from('{"error":"upstream unavailable"}').toString('base64'),
		retried: 1,
		maxRetries: 3,
		sourceMessageId,
		url: 'http://127.0.0.1:9/destination',
		method: 'POST',
		sourceHeader: { 'Content-Type': 'application/json' },
		sourceBody: Buffer.from('{"order":42,"items":[1,2,3]}').toString('base64'),
		notBefore: '1767225600000',
		createdAt: '1767225600000',
		callerIP: '127.0.0.1',
	});
}
