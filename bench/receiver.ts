/**
 * Receiver throughput: signed callbacks verified per second, against a bare node:http server
 * that answers 200 to the same load from the same client (a child process, loopback only) in
 * the same run. The receiver keeps requests as they came and works out an event only when
 * something asks for it; a second receiver with an event listener (as `mqtop listen` has)
 * shows the cost when every event is decoded. Then the resident memory of a process hosting a
 * receiver after many requests, to show the ring buffer keeps it flat.
 *
 * MQTOP_BENCH_RECEIVER_REQUESTS sets the memory run's request count (default 200000; the
 * target is stated for 1000000). It stops after MQTOP_BENCH_RECEIVER_SECONDS (default 600).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { startReceiver } from '../source/receiver/receiver.js';
import { startReceiverInWorker } from '../source/receiver/worker.js';
import { generateSigningKey } from '../source/signing/keys.js';
import { benchCallbackBody, Child, LoadClient } from './load-client.js';
import type { HostReply, HostRequest } from './receiver-host.js';
import type { LoadJob } from './receiver-load.js';
import { type BenchLine, type Benchmark, percentile } from './report.js';

const connections = 16;
const warmupMs = 1_000;
const roundMs = 2_000;
const rounds = 3;
const controlBusyMicros = 5;
const body = benchCallbackBody('msg_benchSource0000000000000');

type Common = Omit<LoadJob, 'url' | 'durationMs'>;

/**
 * The baseline: answers 200 once the body is in. With `busyMicros` it first spins that long,
 * a control that shows what any small fixed cost per request does to throughput on this machine.
 */
async function bareServer(busyMicros = 0): Promise<{ url: string; server: Server }> {
	const server = createServer((req, res) => {
		req.resume();
		req.on('end', () => {
			if (busyMicros > 0) {
				const until = performance.now() + busyMicros / 1000;
				while (performance.now() < until) {}
			}
			res.writeHead(200, { 'content-type': 'application/json', 'content-length': 2 });
			res.end('{}');
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

interface Sample {
	rate: number;
	/** CPU time of this process (server, and worker thread if any) per request, microseconds. */
	cpuMicros: number;
	/** 99th percentile event-loop delay of the main thread meanwhile: what a TUI would feel. */
	loopDelayP99Ms: number;
	notOk: number;
}

async function sample(client: LoadClient, job: LoadJob): Promise<Sample> {
	const delay = monitorEventLoopDelay({ resolution: 2 });
	delay.enable();
	const before = process.cpuUsage();
	const result = await client.run(job);
	const cpu = process.cpuUsage(before);
	delay.disable();
	const notOk =
		result.errors + Object.entries(result.statuses).reduce((n, [s, c]) => (s === '200' ? n : n + c), 0);
	return {
		rate: (result.completed / result.elapsedMs) * 1000,
		cpuMicros: (cpu.user + cpu.system) / Math.max(1, result.completed),
		loopDelayP99Ms: delay.percentile(99) / 1e6,
		notOk,
	};
}

/**
 * Rounds that take turns (baseline, receiver, worker, baseline, ...) so that a change in the
 * machine's load during the run hits every target alike.
 */
async function compare(client: LoadClient, common: Common, urls: Record<string, string>) {
	const samples: Record<string, Sample[]> = Object.fromEntries(Object.keys(urls).map((name) => [name, []]));
	for (const url of Object.values(urls)) await client.run({ ...common, url, durationMs: warmupMs });
	for (let round = 0; round < rounds; round++) {
		for (const [name, url] of Object.entries(urls)) {
			samples[name]!.push(await sample(client, { ...common, url, durationMs: roundMs }));
		}
	}
	return samples;
}

const median = (values: number[]) => percentile(values, 50);
const mb = (bytes: number) => bytes / (1024 * 1024);

async function throughput(client: LoadClient, common: Common): Promise<BenchLine[]> {
	const bare = await bareServer();
	const busy = await bareServer(controlBusyMicros);
	const main = await startReceiver({ currentSigningKey: common.key, nextSigningKey: generateSigningKey() });
	// With an event listener every event is worked out as it comes, as `mqtop listen` needs.
	let seen = 0;
	const listened = await startReceiver({
		currentSigningKey: common.key,
		nextSigningKey: generateSigningKey(),
		onEvent: () => {
			seen++;
		},
	});
	const worker = await startReceiverInWorker({
		currentSigningKey: common.key,
		nextSigningKey: generateSigningKey(),
	});
	try {
		const samples = await compare(client, common, {
			bare: bare.url,
			busy: busy.url,
			main: main.url,
			listened: listened.url,
			worker: worker.url,
		});
		if (seen === 0) throw new Error('the listening receiver saw no events');
		const of = (name: string) => samples[name]!;
		const rate = (name: string) => median(of(name).map((s) => s.rate));
		const cpu = (name: string) => median(of(name).map((s) => s.cpuMicros));
		const delayP99 = (name: string) => median(of(name).map((s) => s.loopDelayP99Ms));
		const ratio = median(of('main').map((s, i) => s.rate / of('bare')[i]!.rate));
		const notOk = Object.values(samples)
			.flat()
			.reduce((n, s) => n + s.notOk, 0);
		return [
			{ metric: 'bare node:http, requests/s', value: rate('bare'), unit: 'req/s' },
			{
				metric: 'receiver, signed requests verified/s',
				value: rate('main'),
				unit: 'req/s',
				baseline: rate('bare'),
			},
			{
				metric: 'receiver / baseline (median of rounds)',
				value: ratio,
				unit: 'x',
				target: '>= 0.6',
				met: ratio >= 0.6,
			},
			{
				metric: 'receiver, every event decoded (a listener)',
				value: rate('listened'),
				unit: 'req/s',
				baseline: rate('bare'),
			},
			{
				metric: 'receiver in a worker, verified/s',
				value: rate('worker'),
				unit: 'req/s',
				baseline: rate('bare'),
			},
			{
				metric: `control: bare + ${controlBusyMicros} us busy per request`,
				value: rate('busy'),
				unit: 'req/s',
				baseline: rate('bare'),
			},
			{
				metric: 'main-thread loop delay p99, receiver on it',
				value: delayP99('main'),
				unit: 'ms',
			},
			{
				metric: 'main-thread loop delay p99, receiver in a worker',
				value: delayP99('worker'),
				unit: 'ms',
			},
			{ metric: 'server CPU per request, bare', value: cpu('bare'), unit: 'us' },
			{ metric: 'server CPU per request, receiver', value: cpu('main'), unit: 'us' },
			{ metric: 'server CPU per request, receiver with a listener', value: cpu('listened'), unit: 'us' },
			{ metric: 'server CPU per request, worker (all threads)', value: cpu('worker'), unit: 'us' },
			{
				metric: 'answers other than 200 (must be 0)',
				value: notOk,
				unit: 'requests',
				target: '0',
				met: notOk === 0,
			},
		];
	} finally {
		for (const { server } of [bare, busy]) {
			server.close();
			server.closeAllConnections();
		}
		await main.close();
		await listened.close();
		await worker.close();
	}
}

async function memory(client: LoadClient, common: Common): Promise<BenchLine[]> {
	const requests = Number(process.env.MQTOP_BENCH_RECEIVER_REQUESTS ?? 200_000);
	const seconds = Number(process.env.MQTOP_BENCH_RECEIVER_SECONDS ?? 600);
	const host = new Child<HostRequest, HostReply>('./receiver-host.js');
	try {
		const started = await host.ask({ type: 'start', key: common.key });
		if (started.type !== 'started') throw new Error('the receiver host did not start');
		const stats = async () => {
			const reply = await host.ask({ type: 'stats' });
			if (reply.type !== 'stats') throw new Error('the receiver host sent no stats');
			return reply;
		};
		const before = await stats();
		let peak = before.rss;
		let sampling = true;
		const sampler = (async () => {
			while (sampling) {
				await new Promise((resolve) => setTimeout(resolve, 1000));
				if (sampling) peak = Math.max(peak, (await stats()).rss);
			}
		})();
		const result = await client.run({
			...common,
			url: started.url,
			durationMs: seconds * 1000,
			maxRequests: requests,
		});
		sampling = false;
		await sampler;
		const after = await stats();
		peak = Math.max(peak, after.rss);
		return [
			{ metric: 'memory run: requests received', value: after.received, unit: 'requests' },
			{
				metric: 'memory run: requests per second',
				value: (result.completed / result.elapsedMs) * 1000,
				unit: 'req/s',
			},
			{ metric: 'memory run: events kept (ring)', value: after.kept, unit: 'events' },
			{ metric: 'memory run: receiver RSS at start', value: mb(before.rss), unit: 'MB' },
			{
				metric: `memory run: receiver RSS after ${after.received} requests`,
				value: mb(after.rss),
				unit: 'MB',
				target: '< 200 MB',
				met: mb(after.rss) < 200,
			},
			{
				metric: 'memory run: receiver peak RSS',
				value: mb(peak),
				unit: 'MB',
				target: '< 200 MB',
				met: mb(peak) < 200,
			},
			{ metric: 'memory run: receiver heap used', value: mb(after.heapUsed), unit: 'MB' },
		];
	} finally {
		host.tell({ type: 'close' });
		host.close();
	}
}

export const receiverBenchmark: Benchmark = {
	name: 'receiver',
	async run(): Promise<BenchLine[]> {
		const common: Common = { key: generateSigningKey(), issuer: 'Svc', body, connections };
		const client = new LoadClient();
		try {
			return [...(await throughput(client, common)), ...(await memory(client, common))];
		} finally {
			client.close();
		}
	},
};
