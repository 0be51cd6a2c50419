/**
 * CPU time of each thread of this process (Linux /proc; empty elsewhere), so that a benchmark
 * under a machine loaded by others measures what each thread costs rather than wall-clock time.
 * Node 20 has no per-thread cpuUsage; the kernel keeps it per task.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Microseconds of CPU (user + system) each thread of this process has used, by thread id. */
export function threadCpuMicros(): Map<number, number> {
	const times = new Map<number, number>();
	let tids: string[];
	try {
		tids = readdirSync('/proc/self/task');
	} catch {
		return times;
	}
	for (const tid of tids) {
		try {
			const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
			// Fields after the command name, which is in parentheses and may hold spaces.
			const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
			// utime and stime are fields 14 and 15 of the whole line, in clock ticks (100 a second).
			times.set(Number(tid), ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100);
		} catch {
			// The thread ended meanwhile.
		}
	}
	return times;
}

/** CPU a process's threads used between two readings, microseconds. */
export interface ThreadCpu {
	/** The main thread (the TUI's, in the monitor). */
	main: number;
	/** The busiest other thread: under a load of callbacks, the receiver's worker thread. */
	busiest: number;
	/** Every other thread together (V8's helpers, libuv's pool). */
	others: number;
}

/** What each thread used from `before` to `after` (readings of threadCpuMicros). */
export function threadCpuBetween(before: Map<number, number>, after: Map<number, number>): ThreadCpu {
	const main = process.pid;
	const deltas = [...after].map(([tid, micros]) => ({ tid, used: micros - (before.get(tid) ?? 0) }));
	const rest = deltas.filter((d) => d.tid !== main).sort((a, b) => b.used - a.used);
	return {
		main: deltas.find((d) => d.tid === main)?.used ?? 0,
		busiest: rest[0]?.used ?? 0,
		others: rest.slice(1).reduce((sum, d) => sum + d.used, 0),
	};
}
