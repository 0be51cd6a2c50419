/**
 * The runner's side of every benchmark: it runs in a process of its own (benchmark-process.ts),
 * the leader of a process group that holds every process it starts, under a watchdog. A
 * benchmark that has not ended within its limit is failed: the whole group is killed, and the
 * failure names the children it had (each reported by bench/children.ts as it started). The
 * runner waits on nothing else, so the watchdog fires even when the benchmark's own thread is
 * stuck. Ctrl-C (or a SIGTERM) of the runner ends the group too. A benchmark that ends kills
 * the children it left itself (children.ts); its group is not killed after it ended, as its
 * number may then be another's.
 */
import { fork } from 'node:child_process';
import type { ChildNotice } from './children.js';

export interface Outcome {
	ok: boolean;
	/** Why it failed, unless it printed that itself. */
	message?: string;
}

/** The exit code of a benchmark's process that failed and printed why. */
export const reportedFailure = 3;

export interface WatchedRun {
	name: string;
	/** The module that runs the benchmark, with `args`. */
	file: string;
	args: string[];
	limitMs: number;
}

export function runWithWatchdog(run: WatchedRun): Promise<Outcome> {
	return new Promise((resolve) => {
		const child = fork(run.file, run.args, {
			// Its own process group, which every process it starts joins: killed as one.
			detached: true,
			stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
			env: { ...process.env, MQTOP_BENCH_RUNNER: '1' },
		});
		const children = new Map<number, string>();
		child.on('message', (notice: ChildNotice) => {
			if (notice.type === 'child-started') children.set(notice.pid, notice.name);
			else if (notice.type === 'child-ended') children.delete(notice.pid);
		});
		const killGroup = () => {
			try {
				if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
			} catch {
				// Already gone.
			}
		};
		let expired: string | undefined;
		const timer = setTimeout(() => {
			const left = [...children].map(([pid, name]) => `${name} (pid ${pid})`);
			expired =
				`${run.name} did not end within ${run.limitMs / 1000} s: killed it` +
				(left.length > 0 ? ` and its children ${left.join(', ')}` : ' (it had no children left)');
			killGroup();
		}, run.limitMs);
		const interrupted = (signal: NodeJS.Signals) => {
			killGroup();
			process.kill(process.pid, signal);
		};
		const onInterrupt = () => interrupted('SIGINT');
		const onTerminate = () => interrupted('SIGTERM');
		process.once('SIGINT', onInterrupt);
		process.once('SIGTERM', onTerminate);
		const settle = (outcome: Outcome) => {
			clearTimeout(timer);
			process.off('SIGINT', onInterrupt);
			process.off('SIGTERM', onTerminate);
			resolve(outcome);
		};
		child.on('error', (error) => {
			if (child.pid === undefined)
				settle({ ok: false, message: `${run.name} could not be started: ${error.message}` });
		});
		child.on('close', (code, signal) => {
			if (expired) settle({ ok: false, message: expired });
			else if (code === 0) settle({ ok: true });
			else if (code === reportedFailure) settle({ ok: false });
			else
				settle({
					ok: false,
					message: `${run.name} ${signal ? `was ended by ${signal}` : `exited with code ${code}`}`,
				});
		});
	});
}
