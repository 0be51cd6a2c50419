/**
 * Receiver throughput the way users run it, against what a developer writes without mqtop
 * (receiver-sdk.ts: node:http, the official SDK's Receiver verifying each request and a JSON
 * line a request, in a process of its own, stdout to /dev/null) under the same load in the same
 * run: mqtop must answer at least half as many requests a second, that is cost at most twice
 * the time a request. The load generator is a process of its own (32 keep-alive connections of
 * callbacks signed as the deployed service signs them, loopback only). Measured:
 * - `mqtop listen --json` and `mqtop listen` (plain lines): the built CLI as a child process,
 *   stdout to /dev/null, every request verified, decoded and printed;
 * - the TUI's receiver: startReceiverInWorker with what the monitor hangs on it (the Messages
 *   feed, the Callbacks pane reading events at its pace: monitor-watch.ts) and a history on disk;
 *   and the same without the binary frames between its threads (each request a structured clone,
 *   `postAs: 'clones'`), so that what the frames buy is measured in the same run: requests a
 *   second, and the TUI thread's busy time a request (its event-loop utilisation);
 * - the receiver as a module (startReceiver, nothing listening: events decoded on demand);
 * - for reference, a bare node:http server that answers 200 without reading anything.
 * Then the resident memory of `mqtop listen --json`, of a worker receiver and of a module
 * receiver, each in a process of its own, after many requests.
 *
 * Every history goes to a temporary directory of the run, removed at its end.
 *
 * MQTOP_BENCH_RECEIVER_REQUESTS sets the memory runs' request count: 200000 by default, which
 * keeps a run to a few minutes on a small machine; the memory bound is stated for 1000000, so
 * run it so before a release. Each memory run stops after MQTOP_BENCH_RECEIVER_SECONDS (default
 * 300) whatever the count, and its line says how many requests it got.
 * MQTOP_BENCH_LISTEN_ARGS (e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof') adds Node options to the
 * `mqtop listen` children, to see where their time goes.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { dialectPresets } from '../source/api/dialect.js';
import { startReceiver } from '../source/receiver/receiver.js';
import { startReceiverInWorker } from '../source/receiver/worker.js';
import { generateSigningKey } from '../source/signing/keys.js';
import { BenchChild, benchFile } from './children.js';
import { benchCallbackBody, LoadClient, notOk } from './load-client.js';
import { watchLikeMonitor } from './monitor-watch.js';
import type { HostedReceiver, HostReply, HostRequest } from './receiver-host.js';
import {
	type ListenChild,
	machineTicks,
	processCpuMicros,
	processMemory,
	startListen,
	startSdkReceiver,
} from './receiver-listen.js';
import type { LoadJob } from './receiver-load.js';
import { type BenchLine, type Benchmark, percentile } from './report.js';

const connections = 32;
const warmupMs = 1_000;
const roundMs = 1_000;
const rounds = 7;
/** mqtop's requests a second over the SDK receiver's at least: twice its time a request at most. */
const sdkRatioTarget = 0.5;
const deployed = dialectPresets.deployed;
/** `mqtop listen` verifying as the deployed service signs (issuer, header names). */
const deployedArgs = ['--dialect', 'deployed'];
// {n}: one of many source messages (and so many signatures), as real traffic has.
const body = benchCallbackBody('msg_benchSource{n}');
const bodies = 1000;
const listenArgs = process.env.MQTOP_BENCH_LISTEN_ARGS?.split(' ').filter(Boolean);

type Common = Omit<LoadJob, 'url' | 'durationMs'>;

/** A fresh directory for one receiver's history (or one `mqtop listen`'s data), under the run's. */
let runDir = '';
let dirs = 0;
const freshDir = (name: string) => path.join(runDir, `${name}-${++dirs}`);

/** Something to send the load to, and the CPU time (microseconds) its process has used so far. */
interface Target {
	url: string;
	cpuMicros(): number;
	/** Whether it runs in this process, so that this process's loop delay says something of it. */
	inProcess: boolean;
}

const thisProcess = (url: string): Target => ({
	url,
	cpuMicros: () => {
		const usage = process.cpuUsage();
		return usage.user + usage.system;
	},
	inProcess: true,
});

const childProcess = (child: ListenChild): Target => ({
	url: child.url,
	cpuMicros: () => processCpuMicros(child.pid),
	inProcess: false,
});

/** For reference: answers 200 once the body is in, reading nothing of it. */
async function bareServer(): Promise<{ url: string; server: Server }> {
	const server = createServer((req, res) => {
		req.resume();
		req.on('end', () => {
			res.writeHead(200, { 'content-type': 'application/json', 'content-length': 2 });
			res.end('{}');
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

interface Sample {
	rate: number;
	/** CPU time of the serving process (all its threads) per request, microseconds. */
	cpuMicros: number;
	/** 99th percentile event-loop delay of this process's main thread meanwhile. */
	loopDelayP99Ms: number;
	/** Time this process's main thread was busy (not idle in its event loop) per request, microseconds. */
	mainBusyMicros: number;
	notOk: number;
}

async function sample(client: LoadClient, job: LoadJob, target: Target): Promise<Sample> {
	const delay = monitorEventLoopDelay({ resolution: 2 });
	delay.enable();
	const before = target.cpuMicros();
	const utilisation = performance.eventLoopUtilization();
	const result = await client.run(job);
	const busy = performance.eventLoopUtilization(utilisation);
	const cpu = target.cpuMicros() - before;
	delay.disable();
	return {
		rate: (result.completed / result.elapsedMs) * 1000,
		cpuMicros: cpu / Math.max(1, result.completed),
		loopDelayP99Ms: delay.percentile(99) / 1e6,
		mainBusyMicros: (busy.active * 1000) / Math.max(1, result.completed),
		notOk: notOk(result),
	};
}

/** A target's run and the baseline's run just before it. */
interface Pair {
	own: Sample;
	baseline: Sample;
}

/**
 * Rounds in which every target runs right after a run of the baseline and is compared with that
 * run. This machine's speed drifts within seconds (its host is shared), so a ratio holds only
 * between runs close in time; the median over the rounds then leaves out those a drift hit.
 */
async function compare(
	client: LoadClient,
	common: Common,
	baseline: Target,
	targets: Record<string, Target>,
) {
	const pairs: Record<string, Pair[]> = Object.fromEntries(Object.keys(targets).map((name) => [name, []]));
	for (const { url } of [baseline, ...Object.values(targets)])
		await client.run({ ...common, url, durationMs: warmupMs });
	const run = (target: Target) => sample(client, { ...common, url: target.url, durationMs: roundMs }, target);
	for (let round = 0; round < rounds; round++) {
		for (const [name, target] of Object.entries(targets)) {
			const before = await run(baseline);
			pairs[name]!.push({ own: await run(target), baseline: before });
		}
	}
	return pairs;
}

const median = (values: number[]) => percentile(values, 50);
const mb = (bytes: number) => bytes / (1024 * 1024);

async function throughput(client: LoadClient, common: Common): Promise<BenchLine[]> {
	const nextKey = generateSigningKey();
	const bare = await bareServer();
	const sdk = await startSdkReceiver(common.key, nextKey, freshDir('sdk'));
	const listen = (json: boolean) =>
		startListen({
			key: common.key,
			nextKey,
			json,
			dataDir: freshDir('listen'),
			args: deployedArgs,
			execArgv: listenArgs,
		});
	const listenJson = await listen(true);
	const listenLines = await listen(false);
	const module = await startReceiver({
		currentSigningKey: common.key,
		nextSigningKey: nextKey,
		dialect: deployed,
	});
	const worker = await startReceiverInWorker({
		currentSigningKey: common.key,
		nextSigningKey: nextKey,
		historyDir: freshDir('worker'),
		dialect: deployed,
	});
	const workerClones = await startReceiverInWorker({
		currentSigningKey: common.key,
		nextSigningKey: nextKey,
		historyDir: freshDir('worker-clones'),
		dialect: deployed,
		postAs: 'clones',
	});
	const watch = watchLikeMonitor(worker.store);
	const watchClones = watchLikeMonitor(workerClones.store);
	try {
		const ticksBefore = machineTicks();
		const pairs = await compare(client, common, childProcess(sdk), {
			listenJson: childProcess(listenJson),
			listenLines: childProcess(listenLines),
			worker: thisProcess(worker.url),
			workerClones: thisProcess(workerClones.url),
			module: thisProcess(module.url),
			bare: thisProcess(bare.url),
		});
		const ticksAfter = machineTicks();
		const stolen = (100 * (ticksAfter.stolen - ticksBefore.stolen)) / (ticksAfter.total - ticksBefore.total);
		for (const seen of [watch.seen(), watchClones.seen()])
			if (seen.events === 0 || seen.tracked === 0)
				throw new Error('the monitor was shown no events from a worker receiver');
		const sdkSamples = Object.values(pairs).flatMap((list) => list.map((pair) => pair.baseline));
		const of = (name: string) => (name === 'sdk' ? sdkSamples : pairs[name]!.map((pair) => pair.own));
		const rate = (name: string) => median(of(name).map((s) => s.rate));
		const cpu = (name: string) => median(of(name).map((s) => s.cpuMicros));
		const delayP99 = (name: string) => median(of(name).map((s) => s.loopDelayP99Ms));
		const mainBusy = (name: string) => median(of(name).map((s) => s.mainBusyMicros));
		/** What the frames buy: the worker's figure over the one with clones, in each round (they run back to back). */
		const framesOverClones = (figure: (s: Sample) => number) =>
			pairs.worker!.map((pair, round) => figure(pair.own) / figure(pairs.workerClones![round]!.own));
		const framesLine = (label: string, figure: (s: Sample) => number): BenchLine => {
			const values = framesOverClones(figure);
			const spread = `${percentile(values, 25).toFixed(2)}-${percentile(values, 75).toFixed(2)}`;
			return {
				metric: `binary frames: ${label}, with / without (median of ${values.length} rounds; middle half ${spread})`,
				value: median(values),
				unit: 'x',
			};
		};
		/** A target's rate over the SDK receiver's just before it, in each round. */
		const ratios = (name: string) => pairs[name]!.map((pair) => pair.own.rate / pair.baseline.rate);
		const ratioLine = (name: string, label: string, target?: number): BenchLine => {
			const values = ratios(name);
			const spread = `${percentile(values, 25).toFixed(2)}-${percentile(values, 75).toFixed(2)}`;
			return {
				metric: `${label} / SDK receiver (median of ${values.length} rounds; middle half ${spread})`,
				value: median(values),
				unit: 'x',
				...(target === undefined ? {} : { target: `>= ${target}`, met: median(values) >= target }),
			};
		};
		const failed = [
			...sdkSamples,
			...Object.values(pairs).flatMap((list) => list.map((pair) => pair.own)),
		].reduce((n, s) => n + s.notOk, 0);
		return [
			{
				metric: `SDK receiver (node:http, Receiver.verify, a JSON line a request), ${connections} connections`,
				value: rate('sdk'),
				unit: 'req/s',
			},
			{
				metric: 'mqtop listen --json, >/dev/null',
				value: rate('listenJson'),
				unit: 'req/s',
				baseline: rate('sdk'),
			},
			ratioLine('listenJson', 'mqtop listen --json', sdkRatioTarget),
			{
				metric: 'mqtop listen (lines), >/dev/null',
				value: rate('listenLines'),
				unit: 'req/s',
				baseline: rate('sdk'),
			},
			ratioLine('listenLines', 'mqtop listen (lines)', sdkRatioTarget),
			{ metric: 'worker receiver (the TUI)', value: rate('worker'), unit: 'req/s', baseline: rate('sdk') },
			ratioLine('worker', 'worker receiver', sdkRatioTarget),
			{
				metric: 'worker receiver without the binary frames (structured clones)',
				value: rate('workerClones'),
				unit: 'req/s',
				baseline: rate('sdk'),
			},
			ratioLine('workerClones', 'worker receiver with clones'),
			framesLine('requests a second', (s) => s.rate),
			framesLine("TUI thread's busy time a request", (s) => s.mainBusyMicros),
			{
				metric: 'receiver module, decoding on demand',
				value: rate('module'),
				unit: 'req/s',
				baseline: rate('sdk'),
			},
			ratioLine('module', 'receiver module', sdkRatioTarget),
			{
				metric: 'for reference: bare node:http answering 200',
				value: rate('bare'),
				unit: 'req/s',
				baseline: rate('sdk'),
			},
			ratioLine('bare', 'bare node:http'),
			{ metric: 'server CPU per request, SDK receiver', value: cpu('sdk'), unit: 'us' },
			{ metric: 'server CPU per request, listen --json', value: cpu('listenJson'), unit: 'us' },
			{ metric: 'server CPU per request, listen (lines)', value: cpu('listenLines'), unit: 'us' },
			{ metric: 'server CPU per request, worker (all threads)', value: cpu('worker'), unit: 'us' },
			{
				metric: 'server CPU per request, worker with clones (all threads)',
				value: cpu('workerClones'),
				unit: 'us',
			},
			{ metric: "TUI thread's busy time per request, worker", value: mainBusy('worker'), unit: 'us' },
			{
				metric: "TUI thread's busy time per request, worker with clones",
				value: mainBusy('workerClones'),
				unit: 'us',
			},
			{ metric: 'server CPU per request, module', value: cpu('module'), unit: 'us' },
			{ metric: 'server CPU per request, bare', value: cpu('bare'), unit: 'us' },
			{ metric: 'main-thread loop delay p99, worker receiver', value: delayP99('worker'), unit: 'ms' },
			{
				metric: 'main-thread loop delay p99, worker with clones',
				value: delayP99('workerClones'),
				unit: 'ms',
			},
			{ metric: 'main-thread loop delay p99, module on it', value: delayP99('module'), unit: 'ms' },
			// Time the host gave to others while both cores here were wanted: high, and no ratio holds.
			...(Number.isFinite(stolen)
				? [{ metric: 'CPU taken by the host (steal)', value: stolen, unit: '%' }]
				: []),
			{
				metric: 'answers other than 200 (must be 0)',
				value: failed,
				unit: 'requests',
				target: '0',
				met: failed === 0,
			},
		];
	} finally {
		watch.stop();
		watchClones.stop();
		bare.server.close();
		bare.server.closeAllConnections();
		await Promise.all([
			sdk.stop(),
			listenJson.stop(),
			listenLines.stop(),
			module.close(),
			worker.close(),
			workerClones.close(),
		]);
	}
}

interface MemoryRun {
	received: number;
	rate: number;
	rss: number;
	peak: number;
	failed: number;
}

const memoryRequests = Number(process.env.MQTOP_BENCH_RECEIVER_REQUESTS ?? 200_000);
const memorySeconds = Number(process.env.MQTOP_BENCH_RECEIVER_SECONDS ?? 300);

async function load(client: LoadClient, common: Common, url: string) {
	const result = await client.run({
		...common,
		url,
		durationMs: memorySeconds * 1000,
		maxRequests: memoryRequests,
	});
	return {
		received: result.completed,
		rate: (result.completed / result.elapsedMs) * 1000,
		failed: notOk(result),
	};
}

/** `mqtop listen --json` after the requests, its memory read from /proc. */
async function listenMemory(client: LoadClient, common: Common): Promise<MemoryRun> {
	const child = await startListen({
		key: common.key,
		nextKey: generateSigningKey(),
		json: true,
		dataDir: freshDir('listen'),
		args: deployedArgs,
	});
	try {
		const run = await load(client, common, child.url);
		return { ...run, ...processMemory(child.pid) };
	} finally {
		await child.stop();
	}
}

/** A receiver alone in a process of its own: its memory is the receiver's plus Node's. */
async function hostedMemory(client: LoadClient, common: Common, kind: HostedReceiver): Promise<MemoryRun> {
	const host = BenchChild.fork<HostRequest, HostReply>(benchFile('./receiver-host.js'), {
		name: `the receiver host (receiver-host.js, ${kind})`,
		stdout: 'inherit',
	});
	try {
		const started = await host.ask({
			type: 'start',
			key: common.key,
			kind,
			...(kind === 'worker' ? { historyDir: freshDir('worker') } : {}),
		});
		if (started.type !== 'started') throw new Error('the receiver host did not start');
		const run = await load(client, common, started.url);
		return { ...run, ...processMemory(started.pid) };
	} finally {
		host.tell({ type: 'close' });
		host.close();
	}
}

function memoryLines(label: string, run: MemoryRun): BenchLine[] {
	return [
		{ metric: `${label}: requests per second`, value: run.rate, unit: 'req/s' },
		{
			metric: `${label}: RSS after ${run.received} requests`,
			value: mb(run.rss),
			unit: 'MB',
			target: '< 200 MB',
			met: mb(run.rss) < 200,
		},
		{
			metric: `${label}: peak RSS`,
			value: mb(run.peak),
			unit: 'MB',
			target: '< 200 MB',
			met: mb(run.peak) < 200,
		},
		{
			metric: `${label}: answers other than 200`,
			value: run.failed,
			unit: 'requests',
			target: '0',
			met: run.failed === 0,
		},
	];
}

export const receiverBenchmark: Benchmark = {
	name: 'receiver',
	// The three memory runs, each bounded by MQTOP_BENCH_RECEIVER_SECONDS, and the rounds of
	// throughput (some 80 s) and the starts around them.
	limitMs: 3 * memorySeconds * 1000 + 300_000,
	async run(): Promise<BenchLine[]> {
		const common: Common = {
			key: generateSigningKey(),
			issuer: deployed.issuer,
			headerPrefix: deployed.headerPrefix.toLowerCase(),
			body,
			bodies,
			connections,
		};
		const client = new LoadClient();
		runDir = await mkdtemp(path.join(tmpdir(), 'mqtop-bench-receiver-'));
		try {
			return [
				...(await throughput(client, common)),
				...memoryLines('memory, listen --json', await listenMemory(client, common)),
				...memoryLines('memory, worker receiver', await hostedMemory(client, common, 'worker')),
				...memoryLines('memory, receiver module', await hostedMemory(client, common, 'module')),
			];
		} finally {
			client.close();
			await rm(runDir, { recursive: true, force: true });
		}
	},
};
