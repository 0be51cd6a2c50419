/**
 * TUI benchmarks, each against a baseline measured in the same run:
 * - frame time of the bundled TUI's Overview (as `mqtop` draws it) at 200x50 with every series at
 *   240 points (30d), vs a plain Text of the same size (target p99 < 10 ms): from new poll data
 *   to the frame written; and, for reference, the same frames of the unbundled sources, composed
 *   by our row joiner and by Ink's own Output.get (ui/ink);
 * - the same with the multi-row live charts full and moving, one answer of the delivery logs a
 *   frame (target p99 < 10 ms);
 * - CPU of the bundled TUI left polling every 2 s, over 30 s once its live charts are full (140 s
 *   after start), vs an idle node process (target < 1% of a core), and the frames it drew; and,
 *   for reference, over 30 s from 10 s after start, while the charts fill a column a poll;
 * - `mqtop` started on a profile (its receiver too): process start to first frame, vs node
 *   start-up alone (target < 400 ms), after a first run that keeps V8's compiled code (shown too);
 *   and, for reference, with its own local service.
 * The local service and the traffic stay on 127.0.0.1 and stop with the benchmark. No JSX here:
 * the file name is the one the benchmark list expects.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { MqClient } from '../source/api/client.js';
import { type LocalService, startLocalService } from '../source/local/service.js';
import { BenchChild, benchFile, distFile } from './children.js';
import { benchClient, connectionEnv, connectionOf } from './connection.js';
import { type BenchLine, type Benchmark, percentile } from './report.js';

/**
 * Real traffic for the statistics: publishes delivered to a destination on 127.0.0.1, which
 * answers until the benchmark ends: a delivery it refused would be retried for minutes, and the
 * idle measure would watch the retries.
 */
async function traffic(client: MqClient): Promise<{ close(): void }> {
	const sink = createServer((req, res) => {
		req.resume();
		res.end('ok');
	});
	await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
	const close = () => {
		sink.close();
		sink.closeAllConnections();
	};
	const url = `http://127.0.0.1:${(sink.address() as AddressInfo).port}/`;
	try {
		for (let i = 0; i < 80; i++) await client.publish({ destination: url, body: `bench ${i}` });
	} catch (error) {
		close();
		throw error;
	}
	return { close };
}

interface ChildReport {
	/** The idle measure's first window, while the live charts fill. */
	filling?: ChildReport;
	ms?: number;
	cpuMs?: number;
	frames?: number;
	wallMs?: number;
	overview?: number[];
	sources?: number[];
	inkComposed?: number[];
	live?: number[];
	plain?: number[];
	points?: number;
}

/** Runs a child of this benchmark (a module beside this one) until it reports, then until it ends. */
async function runChild(script: string, args: string[], env: Record<string, string>): Promise<ChildReport> {
	const child = BenchChild.fork<never, ChildReport>(benchFile(script), {
		name: `${script} ${args.join(' ')}`.trim(),
		args,
		// As the mqtop entry runs it: production React, and colours as on a real terminal.
		env: { NODE_ENV: 'production', FORCE_COLOR: '3', ...env },
	});
	const report = await child.next();
	await child.end();
	return report;
}

/** Frames timed of each kind: fewer on a loaded machine, where 400 of each outlast the watchdog. */
const frameArgs = ['frames', process.env.MQTOP_BENCH_FRAMES ?? '400'];

async function frameTime(service: LocalService): Promise<BenchLine[]> {
	const report = await runChild('./tui-child.js', frameArgs, connectionEnv(service));
	// The same frames with Ink's own Output.get (ui/ink/fast-output.ts left out), in the same run.
	const stock = await runChild('./tui-child.js', frameArgs, {
		...connectionEnv(service),
		MQTOP_BENCH_WITHOUT: 'frame-composer',
	});
	const overview = report.overview ?? [];
	const plain = report.plain ?? [];
	const p99 = percentile(overview, 99);
	const live = report.live ?? [];
	const liveP99 = percentile(live, 99);
	return [
		{
			metric: `overview frame p50 (200x50, ${report.points} points, new data each frame)`,
			value: percentile(overview, 50),
			unit: 'ms',
			baseline: percentile(plain, 50),
		},
		{
			metric: `overview frame p99 (200x50, ${report.points} points, new data each frame)`,
			value: p99,
			unit: 'ms',
			baseline: percentile(plain, 99),
			target: '< 10 ms',
			met: p99 < 10,
		},
		{
			metric: '  with the frame composer, p50 (baseline: without it, Ink composing)',
			value: percentile(overview, 50),
			unit: 'ms',
			baseline: percentile(stock.overview ?? [], 50),
			target: '<= 0.9x baseline (else it goes)',
			met: percentile(overview, 50) <= 0.9 * percentile(stock.overview ?? [], 50),
		},
		{
			metric: '  with the frame composer, p99 (baseline: without it)',
			value: p99,
			unit: 'ms',
			baseline: percentile(stock.overview ?? [], 99),
		},
		{
			metric: '  the same frames of the unbundled sources, p50',
			value: percentile(report.sources ?? [], 50),
			unit: 'ms',
		},
		{
			metric: '  the same frames of the unbundled sources, p99',
			value: percentile(report.sources ?? [], 99),
			unit: 'ms',
		},
		{
			metric: '  those composed by Ink itself, p50',
			value: percentile(report.inkComposed ?? [], 50),
			unit: 'ms',
		},
		{
			metric: '  those composed by Ink itself, p99',
			value: percentile(report.inkComposed ?? [], 99),
			unit: 'ms',
		},
		{
			metric: 'overview with the live charts moving, frame p50 (200x50)',
			value: percentile(live, 50),
			unit: 'ms',
			baseline: percentile(plain, 50),
		},
		{
			metric: 'overview with the live charts moving, frame p99 (200x50)',
			value: liveP99,
			unit: 'ms',
			baseline: percentile(plain, 99),
			target: '< 10 ms',
			met: liveP99 < 10,
		},
	];
}

const idleWindowMs = Number(process.env.MQTOP_BENCH_IDLE_MS ?? 30_000);
// The live charts at 200x50 are some 65 columns wide, a column a poll: full after about 2 minutes.
const idleSteadyMs = Number(process.env.MQTOP_BENCH_IDLE_STEADY_MS ?? 140_000);
const idleSettleMs = 10_000;

async function idleCpu(service: LocalService): Promise<BenchLine[]> {
	const windowMs = idleWindowMs;
	const steadyMs = idleSteadyMs;
	const settleMs = idleSettleMs;
	const env = connectionEnv(service);
	const args = (mode: string) => [mode, String(windowMs), String(settleMs), String(steadyMs)];
	const [tui, sleeping] = await Promise.all([
		runChild('./tui-child.js', args('idle'), env),
		runChild('./tui-child.js', args('sleep'), env),
	]);
	const share = (r: ChildReport | undefined) => ((r?.cpuMs ?? 0) / (r?.wallMs ?? windowMs)) * 100;
	const value = share(tui);
	const polls = windowMs / 2000;
	return [
		{
			metric: `idle TUI CPU, polling every 2 s for ${windowMs / 1000} s, from ${steadyMs / 1000} s after start (live charts full)`,
			value,
			unit: '% of a core',
			baseline: share(sleeping),
			target: '< 1 %',
			met: value < 1,
		},
		{ metric: `  frames drawn in it (${polls} polls)`, value: tui.frames ?? Number.NaN, unit: '' },
		{
			metric: `  from ${settleMs / 1000} s after start, the live charts filling a column a poll`,
			value: share(tui.filling),
			unit: '% of a core',
			baseline: share(sleeping.filling),
		},
		{ metric: `  frames drawn then (${polls} polls)`, value: tui.filling?.frames ?? Number.NaN, unit: '' },
	];
}

/**
 * `mqtop` as a person starts it for a glance, on a profile given by environment variables (with
 * signing keys, so its receiver starts too), or with its own throwaway local service: what the
 * CLI does up to its first frame, through first-frame-child.ts preloaded. A clean home and data
 * directory of the benchmark's own.
 */
export async function startMqtop(
	home: string,
	args: string[],
	env: Record<string, string>,
): Promise<ChildReport> {
	const child = BenchChild.fork<never, ChildReport>(distFile('cli/main.js'), {
		name: `mqtop ${args.join(' ')}`.trim(),
		args,
		execArgv: ['--import', pathToFileURL(benchFile('./first-frame-child.js')).href],
		cleanEnv: true,
		env: {
			PATH: process.env.PATH ?? '',
			HOME: home,
			XDG_CONFIG_HOME: path.join(home, 'config'),
			XDG_DATA_HOME: path.join(home, 'data'),
			FORCE_COLOR: '3',
			TERM: 'xterm-256color',
			...env,
		},
		stdin: true,
		stdout: 'pipe',
	});
	const report = await child.next();
	await child.end();
	return report;
}

/** The variables of a profile for the benchmark's service, its signing keys included. */
export function profileEnv(service: LocalService): Record<string, string> {
	const c = connectionOf(service);
	return {
		MQTOP_QUEUE_URL: c.url,
		MQTOP_MANAGEMENT_URL: c.url,
		MQTOP_TOKEN: c.token,
		MQTOP_EMAIL: c.email,
		MQTOP_API_KEY: c.apiKey,
		MQTOP_CURRENT_SIGNING_KEY: c.currentSigningKey,
		MQTOP_NEXT_SIGNING_KEY: c.nextSigningKey,
	};
}

async function firstFrame(service: LocalService): Promise<BenchLine[]> {
	const runs = 5;
	const tui: number[] = [];
	const cpu: number[] = [];
	const own: number[] = [];
	const boot: number[] = [];
	const uncached: number[] = [];
	const home = await mkdtemp(path.join(tmpdir(), 'mqtop-bench-'));
	let cold: ChildReport;
	try {
		// The first run after a build compiles everything and keeps V8's code (cli/code-cache.ts);
		// the runs after it start from that code, as each glance of a person does.
		cold = await startMqtop(home, [], profileEnv(service));
		for (let i = 0; i < runs; i++) {
			const report = await startMqtop(home, [], profileEnv(service));
			tui.push(report.ms ?? Number.NaN);
			cpu.push(report.cpuMs ?? Number.NaN);
			// Without the kept code (cli/code-cache.ts left out): each start compiles the TUI again.
			const without = { ...profileEnv(service), MQTOP_BENCH_WITHOUT: 'code-cache' };
			uncached.push((await startMqtop(home, [], without)).ms ?? Number.NaN);
			own.push((await startMqtop(home, ['--ephemeral', '--port', '0'], {})).ms ?? Number.NaN);
			boot.push((await runChild('./boot-child.js', [], {})).ms ?? Number.NaN);
		}
	} finally {
		await rm(home, { recursive: true, force: true });
	}
	const median = percentile(tui, 50);
	return [
		{
			metric: `process start to first frame (median of ${runs})`,
			value: median,
			unit: 'ms',
			baseline: percentile(boot, 50),
			target: '< 400 ms',
			met: median < 400,
		},
		{ metric: `process start to first frame (worst of ${runs})`, value: Math.max(...tui), unit: 'ms' },
		{ metric: '  CPU time to it, all threads (median)', value: percentile(cpu, 50), unit: 'ms' },
		{ metric: '  the first run after a build, with no code kept', value: cold.ms ?? Number.NaN, unit: 'ms' },
		{
			metric: `  with the kept code, median (baseline: without it, median of ${runs})`,
			value: median,
			unit: 'ms',
			baseline: percentile(uncached, 50),
			target: '<= 0.9x baseline (else it goes)',
			met: median <= 0.9 * percentile(uncached, 50),
		},
		{
			metric: '  with its own local service, --ephemeral (median)',
			value: percentile(own, 50),
			unit: 'ms',
			baseline: percentile(boot, 50),
		},
	];
}

export const tuiBenchmark: Benchmark = {
	name: 'tui',
	// The idle measure's two windows, the last from its steady time; the frames and the 16 starts
	// of the start-up measure take a minute or two besides, the frames and starts without the tricks as long again.
	limitMs: idleSteadyMs + idleWindowMs + 600_000,
	async run() {
		const service = await startLocalService();
		let sink: { close(): void } | undefined;
		try {
			sink = await traffic(benchClient(connectionOf(service)));
			return [...(await frameTime(service)), ...(await firstFrame(service)), ...(await idleCpu(service))];
		} finally {
			sink?.close();
			await service.close();
		}
	},
};
