/** Child processes of the benchmarks: an IPC request/reply channel, and the signed-load generator. */
import { type ChildProcess, fork } from 'node:child_process';
import type { LoadJob, LoadResult } from './receiver-load.js';

/** Requests of a load run that failed or were answered with anything but 200. */
export function notOk(result: LoadResult): number {
	return (
		result.errors +
		Object.entries(result.statuses).reduce((n, [status, count]) => (status === '200' ? n : n + count), 0)
	);
}

/** A child process with an IPC channel that answers each message with one message. */
export class Child<Request, Reply> {
	#child: ChildProcess;
	constructor(file: string, env?: Record<string, string>, execArgv?: string[]) {
		this.#child = fork(new URL(file, import.meta.url), {
			stdio: 'inherit',
			...(env ? { env: { ...process.env, ...env } } : {}),
			...(execArgv ? { execArgv } : {}),
		});
	}
	ask(request: Request): Promise<Reply> {
		const reply = this.next();
		this.#child.send(request as object);
		return reply;
	}
	/** The next message the child sends, e.g. one it sends unasked when it is ready. */
	next(): Promise<Reply> {
		return new Promise((resolve) => this.#child.once('message', (reply: Reply) => resolve(reply)));
	}
	tell(request: Request): void {
		this.#child.send(request as object);
	}
	close(): void {
		if (this.#child.connected) this.#child.disconnect();
	}
}

export type LoadReply = { ok: true; result: LoadResult } | { ok: false; message: string };

export class LoadClient extends Child<LoadJob | { stop: true }, LoadReply> {
	constructor() {
		super('./receiver-load.js');
	}
	async run(job: LoadJob): Promise<LoadResult> {
		const reply = await this.ask(job);
		if (!reply.ok) throw new Error(reply.message);
		return reply.result;
	}
	/** Ends the running job early; its result comes back as usual. */
	stop(): void {
		this.tell({ stop: true });
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
