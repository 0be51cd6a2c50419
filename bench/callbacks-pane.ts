/**
 * The Callbacks pane under a flood of callbacks: key-to-frame latency (a key pressed until the
 * frame showing its effect is written) while a child process sends signed callbacks at 5,000 a
 * second to the monitor's receiver (a worker thread, as `mqtop` runs it), next to the same
 * measure with no load in the same run. Two keys: j in the Callbacks pane, and switching
 * between the Messages and Callbacks panes. Rounds alternate quiet and loaded, so a change in
 * the machine's load hits both. Everything stays on 127.0.0.1 and stops by itself.
 */
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { startLocalService } from '../source/local/service.js';
import { generateSigningKey } from '../source/signing/keys.js';
import type { Mode, PaneReply, PaneRequest } from './callbacks-pane-child.js';
import { BenchChild, benchFile } from './children.js';
import { connectionEnv } from './connection.js';
import { benchCallbackBody, LoadClient, notOk } from './load-client.js';
import { processCpuMicros } from './receiver-listen.js';
import type { LoadResult } from './receiver-load.js';
import { type BenchLine, type Benchmark, percentile } from './report.js';
import type { ThreadCpu } from './thread-cpu.js';

const rate = Number(process.env.MQTOP_BENCH_CALLBACK_RATE ?? 5000);
const rounds = 2;
// Enough presses that p99 is not simply the slowest one.
const presses: Record<Mode, number> = { jk: 150, panes: 100 };
const warmupMs = 1500;
/** The load never runs longer than this, whatever happens to the measurement. */
const maxLoadMs = 120_000;
/** p99 of key to frame under the load, per key. */
const targetMs: Record<Mode, number> = { jk: 30, panes: 60 };
const connections = 16;
/**
 * The load generator's lean sender (raw-load.ts) leaves the monitor the CPU it is measured on;
 * MQTOP_BENCH_LOAD_CLIENT=undici sends through undici as before, to compare (bench/README.md).
 */
const client = process.env.MQTOP_BENCH_LOAD_CLIENT === 'undici' ? 'undici' : 'raw';
// {n}: one of many source messages, as real traffic has.
const body = benchCallbackBody('msg_benchSource{n}');

export interface Measured {
	samples: number[];
	/** Callbacks the receiver took per second meanwhile. */
	receivedPerSecond: number;
	framesPerSecond: number;
	/** Milliseconds Ink took to render each frame meanwhile. */
	renders: number[];
	/** Callbacks the receiver took meanwhile. */
	received: number;
	/** How long the measure took. */
	seconds: number;
	/** CPU the monitor's threads used meanwhile, microseconds. */
	cpu: ThreadCpu;
}

/** The monitor under test, a child process (callbacks-pane-child.ts). */
export class PaneChild {
	readonly child: BenchChild<PaneRequest, PaneReply>;
	constructor(env: Record<string, string>, execArgv?: string[]) {
		this.child = BenchChild.fork(benchFile('./callbacks-pane-child.js'), {
			name: 'the monitor (callbacks-pane-child.js)',
			env,
			...(execArgv ? { execArgv } : {}),
		});
	}
	async ready(): Promise<string> {
		const ready = await this.child.next();
		if (ready.type !== 'ready') throw new Error(`the monitor sent ${ready.type} before it was ready`);
		return ready.receiverUrl;
	}
	async measure(mode: Mode, count = presses[mode]): Promise<Measured> {
		const start = performance.now();
		const reply = await this.child.ask({ type: 'measure', mode, presses: count });
		if (reply.type === 'failed') throw new Error(reply.message);
		if (reply.type !== 'samples') throw new Error('the monitor sent no samples');
		const seconds = (performance.now() - start) / 1000;
		// MQTOP_BENCH_VERBOSE=1 prints every sample, to see where the slow ones fall.
		if (process.env.MQTOP_BENCH_VERBOSE)
			process.stderr.write(`${mode}: ${reply.samples.map((n) => n.toFixed(0)).join(' ')}\n`);
		return {
			samples: reply.samples,
			receivedPerSecond: reply.received / seconds,
			framesPerSecond: reply.renders.length / seconds,
			renders: reply.renders,
			received: reply.received,
			seconds,
			cpu: reply.cpu,
		};
	}
	/** Ends the monitor: asked first, killed if it does not end. */
	async stop(): Promise<void> {
		this.child.tell({ type: 'stop' });
		await this.child.end(5_000);
	}
}

/** Runs `work` under the load, after a warm-up; returns what it measured and what the load saw. */
async function loaded(
	load: LoadClient,
	receiverUrl: string,
	key: string,
	work: () => Promise<Measured>,
): Promise<{ measured: Measured; load: LoadResult; loadCpu: number }> {
	const running = load.run({
		url: receiverUrl,
		key,
		issuer: 'Svc',
		body,
		bodies: 1000,
		connections,
		client,
		durationMs: maxLoadMs,
		ratePerSecond: rate,
	});
	// A load generator that fails fails the measure at once (one that ends on time does not).
	const loadFailed = running.then(() => new Promise<never>(() => {}));
	let measured: Measured;
	let loadCpu: number;
	try {
		await Promise.race([sleep(warmupMs), loadFailed]);
		const cpuBefore = processCpuMicros(load.pid ?? -1);
		measured = await Promise.race([work(), loadFailed]);
		loadCpu = processCpuMicros(load.pid ?? -1) - cpuBefore;
	} finally {
		load.stop();
	}
	return { measured, load: await running, loadCpu };
}

export const callbacksPaneBenchmark: Benchmark = {
	name: 'callbacks-pane',
	// Eight measures of 100 to 150 keys, half of them under the load: some three minutes, four
	// on a machine loaded tenfold.
	limitMs: 10 * 60_000,
	async run(): Promise<BenchLine[]> {
		// Other programs on the machine skew every figure here; the load says how much.
		const loadAtStart = loadavg()[0]!;
		const keys = { current: generateSigningKey(), next: generateSigningKey() };
		const service = await startLocalService({ currentSigningKey: keys.current, nextSigningKey: keys.next });

		const monitor = new PaneChild(
			{
				...connectionEnv(service),
				NODE_ENV: 'production',
				FORCE_COLOR: '3',
			},
			// e.g. MQTOP_BENCH_MONITOR_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof': see where the monitor's time goes.
			process.env.MQTOP_BENCH_MONITOR_ARGS?.split(' ').filter(Boolean),
		);
		const load = new LoadClient();
		const quiet: Record<Mode, Measured[]> = { jk: [], panes: [] };
		const busy: Record<Mode, Measured[]> = { jk: [], panes: [] };
		let failedAnswers = 0;
		/** The load generator's CPU while each loaded measure ran, microseconds. */
		let loadCpu = 0;
		try {
			const receiverUrl = await monitor.ready();
			// Some requests in the list first, so that j and k have rows to move over.
			await load.run({
				url: receiverUrl,
				key: keys.current,
				issuer: 'Svc',
				body,
				bodies: 50,
				connections: 2,
				durationMs: 5000,
				maxRequests: 50,
			});
			for (let round = 0; round < rounds; round++) {
				for (const mode of ['jk', 'panes'] as const) {
					const measureLoaded = async () => {
						const run = await loaded(load, receiverUrl, keys.current, () => monitor.measure(mode));
						busy[mode].push(run.measured);
						failedAnswers += notOk(run.load);
						loadCpu += run.loadCpu;
					};
					if (round % 2 === 0) {
						quiet[mode].push(await monitor.measure(mode));
						await measureLoaded();
					} else {
						await measureLoaded();
						quiet[mode].push(await monitor.measure(mode));
					}
				}
			}
		} finally {
			await monitor.stop();
			load.close();
			await service.close();
		}
		const all = (list: Measured[]) => list.flatMap((m) => m.samples);
		const median = (values: number[]) => percentile(values, 50);
		const labels: Record<Mode, string> = { jk: 'j in Callbacks', panes: 'pane switch 5/6' };
		const lines: BenchLine[] = [
			{ metric: 'machine load average (1 min) at start', value: loadAtStart, unit: '' },
		];
		for (const mode of ['jk', 'panes'] as const) {
			const q = all(quiet[mode]);
			const b = all(busy[mode]);
			const p99 = percentile(b, 99);
			lines.push(
				{
					metric: `${labels[mode]}: key to frame p50, ${rate}/s callbacks`,
					value: percentile(b, 50),
					unit: 'ms',
					baseline: percentile(q, 50),
				},
				{
					metric: `${labels[mode]}: key to frame p99, ${rate}/s callbacks`,
					value: p99,
					unit: 'ms',
					baseline: percentile(q, 99),
					target: `< ${targetMs[mode]} ms`,
					met: p99 < targetMs[mode],
				},
				{ metric: `${labels[mode]}: key to frame max, loaded`, value: Math.max(...b), unit: 'ms' },
			);
		}
		const received = median([...busy.jk, ...busy.panes].map((m) => m.receivedPerSecond));
		lines.push(
			{
				metric: 'callbacks received while measuring (median)',
				value: received,
				unit: 'req/s',
				target: `>= ${Math.round(rate * 0.95)}`,
				met: received >= rate * 0.95,
			},
			{
				metric: 'Ink render time per frame p50, loaded (160x45)',
				value: percentile(
					[...busy.jk, ...busy.panes].flatMap((m) => m.renders),
					50,
				),
				unit: 'ms',
				baseline: percentile(
					[...quiet.jk, ...quiet.panes].flatMap((m) => m.renders),
					50,
				),
			},
			{
				metric: 'frames rendered per second, loaded (median)',
				value: median([...busy.jk, ...busy.panes].map((m) => m.framesPerSecond)),
				unit: 'frames/s',
				baseline: median([...quiet.jk, ...quiet.panes].map((m) => m.framesPerSecond)),
			},
			{
				metric: 'callbacks not answered 200 (must be 0)',
				value: failedAnswers,
				unit: 'requests',
				target: '0',
				met: failedAnswers === 0,
			},
			...cpuLines([...busy.jk, ...busy.panes], loadCpu),
			{ metric: 'machine load average (1 min) at end', value: loadavg()[0]!, unit: '' },
		);
		return lines;
	},
};

/**
 * CPU time per callback of each thread while the loaded measures ran: on a machine shared with
 * other work this says what a callback costs where the received rate says only how much of the
 * machine the run got. Two cores carry the monitor and the load generator together: their sum
 * times the rate must stay under two seconds a second for the rate to be reachable.
 */
function cpuLines(loaded: Measured[], loadCpu: number): BenchLine[] {
	const received = loaded.reduce((n, m) => n + m.received, 0);
	const sum = (pick: (cpu: ThreadCpu) => number) => loaded.reduce((n, m) => n + pick(m.cpu), 0);
	const per = (micros: number) => micros / Math.max(1, received);
	const monitor = sum((cpu) => cpu.main + cpu.busiest + cpu.others);
	const seconds = loaded.reduce((n, m) => n + m.seconds, 0);
	const line = (metric: string, micros: number): BenchLine => ({
		metric: `CPU per callback, loaded: ${metric}`,
		value: per(micros),
		unit: 'us',
	});
	return [
		line(
			"the TUI's thread",
			sum((cpu) => cpu.main),
		),
		line(
			"the receiver's thread (the monitor's busiest other thread)",
			sum((cpu) => cpu.busiest),
		),
		line(
			"the monitor's other threads (V8's helpers, libuv's pool)",
			sum((cpu) => cpu.others),
		),
		line('the load generator (its whole process)', loadCpu),
		line('monitor and load generator together', monitor + loadCpu),
		{
			metric: 'cores kept busy while loaded: the monitor (all its threads)',
			value: monitor / 1e6 / seconds,
			unit: 'cores',
		},
		{
			metric: 'cores kept busy while loaded: the load generator',
			value: loadCpu / 1e6 / seconds,
			unit: 'cores',
		},
	];
}
