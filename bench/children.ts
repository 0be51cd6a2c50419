/**
 * Every process a benchmark starts is started here, so that none can hang a run:
 * - a child that cannot start, throws or exits makes whatever waits on it fail at once, with its
 *   exit code and the end of its stderr in the message (its stderr is still shown as it comes);
 * - every child alive is known by name: the benchmark's process kills them all when it ends,
 *   however it ends, and tells the runner of each (bench/watchdog.ts), which kills them and says
 *   which when the benchmark outlives its time limit.
 */
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** A file of the build (`npm run bench` builds first); benchmarks run from the repository's root. */
export function distFile(file: string): string {
	return path.resolve('dist', file);
}

/** A file beside this one, as compiled (bench/*.js). */
export function benchFile(file: string): string {
	return fileURLToPath(new URL(file, import.meta.url));
}

/**
 * Set by the runner for a benchmark's process: it tells the runner over IPC of each child it
 * starts and ends. Read once and taken out of the environment, so no child inherits it.
 */
const reportsToRunner = process.env.MQTOP_BENCH_RUNNER === '1';
delete process.env.MQTOP_BENCH_RUNNER;

/** What a benchmark's process tells the runner about its children. */
export type ChildNotice =
	| { type: 'child-started'; name: string; pid: number }
	| { type: 'child-ended'; pid: number };

const notify = (notice: ChildNotice) => {
	if (reportsToRunner && process.connected) process.send?.(notice);
};

const alive = new Set<BenchChild<unknown, unknown>>();
process.once('exit', () => {
	for (const child of alive) child.kill();
});

/** Children alive now, as `name (pid N)`. */
export function aliveChildren(): string[] {
	return [...alive].map((child) => child.label);
}

export interface ChildOptions {
	/** Names the child in every message about it. */
	name: string;
	args?: string[];
	/** Added to this process's environment; with `cleanEnv`, the whole environment. */
	env?: Record<string, string | undefined>;
	cleanEnv?: boolean;
	execArgv?: string[];
	/** Where its stdout goes: /dev/null (the default), here, or a pipe read and dropped (as a terminal reads). */
	stdout?: 'ignore' | 'inherit' | 'pipe';
	/** A stdin it may read (a TUI wants one); none by default. */
	stdin?: boolean;
	/** Whether its stderr is shown here as it comes, besides being kept for a failure (default true). */
	showStderr?: boolean;
}

/** How much of a child's stderr a failure quotes. */
const stderrKept = 4000;
/** How long after a child exits its channel and stderr are read, at most. */
const readMs = 2000;

/**
 * A child process: `fork` for a Node module with an IPC channel (messages in order, each reply
 * awaited with next or ask), `spawn` for a Node process without one (mqtop itself, a server).
 */
export class BenchChild<Request = never, Reply = never> {
	readonly name: string;
	readonly process: ChildProcess;
	/** Resolves once the process has ended and what it sent is read: its exit code, or the signal that ended it. */
	readonly ended: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
	#stderr = '';
	#replies: Reply[] = [];
	#waiters: { resolve(reply: Reply): void; reject(error: Error): void }[] = [];
	#failure: Error | undefined;
	#expectedEnd = false;

	static fork<Request, Reply>(file: string, options: ChildOptions): BenchChild<Request, Reply> {
		return new BenchChild(options, (stdio, env) =>
			fork(file, options.args ?? [], {
				stdio: [...stdio, 'ipc'],
				env,
				...(options.execArgv ? { execArgv: options.execArgv } : {}),
			}),
		);
	}

	static spawn(options: ChildOptions): BenchChild<never, never> {
		return new BenchChild(options, (stdio, env) =>
			spawn(process.execPath, [...(options.execArgv ?? []), ...(options.args ?? [])], { stdio, env }),
		);
	}

	private constructor(
		options: ChildOptions,
		start: (
			stdio: ['pipe' | 'ignore', 'ignore' | 'inherit' | 'pipe', 'pipe'],
			env: NodeJS.ProcessEnv,
		) => ChildProcess,
	) {
		this.name = options.name;
		const env = options.cleanEnv ? { ...options.env } : { ...process.env, ...options.env };
		this.process = start([options.stdin ? 'pipe' : 'ignore', options.stdout ?? 'ignore', 'pipe'], env);
		alive.add(this);
		this.process.stdout?.resume();
		const pid = this.process.pid;
		if (pid !== undefined) notify({ type: 'child-started', name: this.name, pid });
		this.process.stderr?.setEncoding('utf8').on('data', (text: string) => {
			if (options.showStderr ?? true) process.stderr.write(text);
			this.#stderr = (this.#stderr + text).slice(-stderrKept);
		});
		this.process.on('message', (reply: Reply) => {
			const waiter = this.#waiters.shift();
			if (waiter) waiter.resolve(reply);
			else this.#replies.push(reply);
		});
		this.ended = new Promise((resolve) => {
			const end = (exit: { code: number | null; signal: NodeJS.Signals | null }, error?: Error) => {
				if (!alive.delete(this)) return;
				if (pid !== undefined) notify({ type: 'child-ended', pid });
				this.#fail(error ?? this.#exitError(exit.code, exit.signal));
				resolve(exit);
			};
			this.process.on('exit', (code, signal) => {
				// What it sent and wrote before it exited is read first: its channel and stderr to their
				// end ('close' would say so, but never comes once this side let go of the channel).
				const read = [
					...(this.process.connected ? [once(this.process, 'disconnect')] : []),
					...(this.process.stderr && !this.process.stderr.destroyed
						? [once(this.process.stderr, 'close')]
						: []),
				];
				// A process of its own that holds its stderr is not waited for.
				const timer = setTimeout(() => end({ code, signal }), readMs);
				void Promise.allSettled(read).then(() => {
					clearTimeout(timer);
					end({ code, signal });
				});
			});
			this.process.on('error', (error) => {
				// An error with no process to wait for: it could not be started.
				if (this.process.pid === undefined)
					end({ code: null, signal: null }, new Error(`${this.name} could not be started: ${error.message}`));
			});
		});
	}

	/** `name (pid N)`. */
	get label(): string {
		return `${this.name} (pid ${this.process.pid ?? 'none'})`;
	}

	/** The child's next message (one it sends unasked, or a reply); rejects if it ends first. */
	next(): Promise<Reply> {
		const queued = this.#replies.shift();
		if (queued !== undefined) return Promise.resolve(queued);
		if (this.#failure) return Promise.reject(this.#failure);
		return new Promise((resolve, reject) => this.#waiters.push({ resolve, reject }));
	}

	ask(request: Request): Promise<Reply> {
		const reply = this.next();
		this.tell(request);
		return reply;
	}

	/** Sends a message if the child can still hear it; one that ended is reported by next. */
	tell(request: Request): void {
		if (this.process.connected) this.process.send(request as object, () => {});
	}

	/** Resolves with `work` unless the child ends first, then rejects with why it ended. */
	async watch<T>(work: Promise<T>): Promise<T> {
		return Promise.race([work, this.ended.then(() => Promise.reject(this.#failure))]);
	}

	/** Lets go of the IPC channel: a child that waits only on it then ends, which is expected. */
	close(): void {
		this.#expectedEnd = true;
		if (this.process.connected) this.process.disconnect();
	}

	/** Sends the child `signal`, then waits for it to end as `end` does; resolves with its exit code. */
	stop(signal: NodeJS.Signals = 'SIGTERM', graceMs = 10_000): Promise<number | null> {
		this.#expectedEnd = true;
		if (this.process.exitCode === null && this.process.signalCode === null) this.process.kill(signal);
		return this.end(graceMs);
	}

	/** Waits for the child to end by itself (told to, or done), killing it after `graceMs`; its exit code. */
	async end(graceMs = 10_000): Promise<number | null> {
		this.#expectedEnd = true;
		const timer = setTimeout(() => this.kill(), graceMs);
		try {
			return (await this.ended).code;
		} finally {
			clearTimeout(timer);
		}
	}

	kill(): void {
		this.#expectedEnd = true;
		if (this.process.exitCode === null && this.process.signalCode === null) this.process.kill('SIGKILL');
	}

	/** What the child wrote to stderr (the last few thousand characters). */
	stderr(): string {
		return this.#stderr;
	}

	#exitError(code: number | null, signal: NodeJS.Signals | null): Error {
		const how = signal ? `was ended by ${signal}` : `exited with code ${code}`;
		const expected = this.#expectedEnd ? ' (when told to end)' : '';
		const said = this.#stderr.trim();
		return new Error(
			`${this.label} ${how}${expected} before it answered${said ? `; its stderr:\n${said}` : ''}`,
		);
	}

	#fail(error: Error): void {
		this.#failure ??= error;
		for (const waiter of this.#waiters.splice(0)) waiter.reject(this.#failure);
	}
}
