/** Child processes of the benchmarks: an IPC request/reply channel, and the signed-load generator. */
import { type ChildProcess, fork } from 'node:child_process';
import type { LoadJob, LoadResult } from './receiver-load.js';

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
