/**
 * `mqtop listen` as users run it, for the receiver benchmark: the built CLI in a process of its
 * own, stdout to /dev/null, and what that process costs (CPU time, resident memory) read from
 * /proc, since its stdout is not there to ask. The baseline, what a developer writes without
 * mqtop (receiver-sdk.ts), runs the same way.
 */
import { readFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { BenchChild, benchFile, distFile } from './children.js';

export interface ListenChild {
	url: string;
	pid: number;
	/** SIGINT, as Ctrl-C sends; resolves with the exit code. */
	stop(): Promise<number | null>;
}

export interface ListenOptions {
	key: string;
	nextKey: string;
	json: boolean;
	/** Its data directory (MQTOP_DATA_DIR), where it keeps its history: never the user's own. */
	dataDir: string;
	/** More arguments, e.g. `--dialect deployed`. */
	args?: string[];
	/** Node options for the child, e.g. `--cpu-prof`. */
	execArgv?: string[];
}

const main = distFile('cli/main.js');
const sdkReceiver = benchFile('./receiver-sdk.js');
const startMs = 15_000;

/**
 * Starts `mqtop listen` on a port found free just before. Its stdout (where the URL is printed)
 * goes to /dev/null, so the port is chosen here; another process may take it in between, in
 * which case the child fails and the next free port is tried.
 */
export function startListen(options: ListenOptions): Promise<ListenChild> {
	return startChild('mqtop listen', options.dataDir, (port) => [
		...(options.execArgv ?? []),
		main,
		'listen',
		'--port',
		String(port),
		'--current-signing-key',
		options.key,
		'--next-signing-key',
		options.nextKey,
		...(options.json ? ['--json'] : []),
		...(options.args ?? []),
	]);
}

/** Starts the baseline receiver a developer writes with the official SDK (receiver-sdk.ts), as startListen does. */
export function startSdkReceiver(key: string, nextKey: string, dataDir: string): Promise<ListenChild> {
	return startChild('the SDK receiver', dataDir, (port) => [sdkReceiver, String(port), key, nextKey]);
}

async function startChild(
	name: string,
	dataDir: string,
	argsFor: (port: number) => string[],
): Promise<ListenChild> {
	for (let attempt = 1; ; attempt++) {
		try {
			return await startOnce(name, dataDir, argsFor, await freePort());
		} catch (error) {
			if (attempt >= 3) throw error;
		}
	}
}

async function startOnce(
	name: string,
	dataDir: string,
	argsFor: (port: number) => string[],
	port: number,
): Promise<ListenChild> {
	const args = argsFor(port);
	const clean = {
		...Object.fromEntries(
			Object.entries(process.env).filter(([name]) => !/^(MQTOP_|NO_COLOR|FORCE_COLOR)/.test(name)),
		),
		MQTOP_DATA_DIR: dataDir,
	};
	// stdout to /dev/null: output costs the child exactly what writing it costs. Its stderr is kept
	// for a failure only: a start that fails is tried again on another port.
	const child = BenchChild.spawn({ name, args, cleanEnv: true, env: clean, showStderr: false });
	let gone = false;
	void child.ended.then(() => {
		gone = true;
	});
	const deadline = Date.now() + startMs;
	while (!(await accepts(port))) {
		if (gone) throw new Error(`${name} exited before listening: ${child.stderr().trim()}`);
		if (Date.now() > deadline) {
			child.kill();
			throw new Error(`${name} did not listen on port ${port} within ${startMs} ms`);
		}
		await new Promise((resolve) => setTimeout(resolve, 20));
	}
	return {
		url: `http://127.0.0.1:${port}`,
		pid: child.process.pid!,
		stop: () => child.stop('SIGINT'),
	};
}

function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const server = createServer();
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const { port } = server.address() as { port: number };
			server.close(() => resolve(port));
		});
	});
}

function accepts(port: number): Promise<boolean> {
	return new Promise((resolve) => {
		const socket = connect(port, '127.0.0.1');
		socket.once('connect', () => {
			socket.destroy();
			resolve(true);
		});
		socket.once('error', () => resolve(false));
	});
}

/** User plus system CPU time of a process so far, in microseconds (Linux /proc; NaN elsewhere). */
export function processCpuMicros(pid: number): number {
	try {
		const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
		// Fields after the command name, which is in parentheses and may hold spaces.
		const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
		// utime and stime are fields 14 and 15 of the whole line, in clock ticks (100 a second).
		return ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100;
	} catch {
		return Number.NaN;
	}
}

/** Resident memory of a process now and at its peak, in bytes (Linux /proc; NaN elsewhere). */
export function processMemory(pid: number): { rss: number; peak: number } {
	try {
		const status = readFileSync(`/proc/${pid}/status`, 'utf8');
		const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]) * 1024;
		return { rss: kb('VmRSS'), peak: kb('VmHWM') };
	} catch {
		return { rss: Number.NaN, peak: Number.NaN };
	}
}

/** CPU time of the whole machine so far, and how much of it its host took (Linux /proc; NaN elsewhere). */
export function machineTicks(): { total: number; stolen: number } {
	try {
		const fields = readFileSync('/proc/stat', 'utf8')
			.split('\n', 1)[0]!
			.trim()
			.split(/\s+/)
			.slice(1)
			.map(Number);
		// user nice system idle iowait irq softirq steal ...: steal is the eighth.
		return { total: fields.slice(0, 8).reduce((sum, n) => sum + n, 0), stolen: fields[7]! };
	} catch {
		return { total: Number.NaN, stolen: Number.NaN };
	}
}
