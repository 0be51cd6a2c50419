/**
 * The embedded local service under load, next to a bare Node forwarder (accepts a POST and
 * forwards it to the same sink) measured in the same run:
 * - publishes accepted per second and deliveries per second end to end to a loopback sink;
 * - the same through a queue (parallelism 100, and 1: one at a time, in order), next to plain
 *   publishes measured alternately in the same run;
 * - publish-to-delivery latency p50/p99 at a fixed 500 messages per second;
 * - memory held by 100,000 delayed messages.
 * Everything runs on loopback, in this process, bounded in count and time.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import v8 from 'node:v8';
import vm from 'node:vm';
import { Pool } from 'undici';
import { type LocalService, startLocalService } from '../source/local/service.js';
import { type BenchLine, type Benchmark, percentile } from './report.js';

const throughputCount = 20_000;
const throughputRounds = 4;
const latencyRounds = 2;
const concurrency = 64;
const fixedRate = 500;
const fixedRateSeconds = 4;
const heldCount = 100_000;
const wideQueueParallelism = 100;
const strictQueueCount = 1000;
const deadlineMs = 120_000;

interface Sink {
	url: string;
	arrived: number;
	latencies: number[];
	/** Resolves when `count` requests have arrived since the last reset. */
	until(count: number): Promise<void>;
	reset(): void;
	close(): Promise<void>;
}

function listen(server: Server): Promise<string> {
	return new Promise((resolve) => {
		server.listen(0, '127.0.0.1', () =>
			resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
		);
	});
}

function closeServer(server: Server): Promise<void> {
	return new Promise((resolve) => {
		server.close(() => resolve());
		server.closeAllConnections();
	});
}

/** Answers 200 at once; a body holding a send time becomes a latency sample. */
async function startSink(): Promise<Sink> {
	let waiter: { count: number; resolve: () => void } | undefined;
	const sink: Sink = {
		url: '',
		arrived: 0,
		latencies: [],
		until: (count) =>
			sink.arrived >= count
				? Promise.resolve()
				: new Promise((resolve) => {
						waiter = { count, resolve };
					}),
		reset() {
			sink.arrived = 0;
			sink.latencies = [];
		},
		close: () => closeServer(server),
	};
	const server = createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (c: Buffer) => chunks.push(c));
		req.on('end', () => {
			const text = Buffer.concat(chunks).toString();
			if (text.startsWith('t=')) sink.latencies.push(performance.now() - Number(text.slice(2)));
			sink.arrived++;
			res.end('ok');
			if (waiter && sink.arrived >= waiter.count) {
				waiter.resolve();
				waiter = undefined;
			}
		});
	});
	sink.url = await listen(server);
	return sink;
}

/** The baseline: accept a POST, forward it to the sink, answer once the sink answered. */
async function startForwarder(sinkUrl: string): Promise<{ url: string; close(): Promise<void> }> {
	const pool = new Pool(sinkUrl, { connections: 256 });
	const server = createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (c: Buffer) => chunks.push(c));
		req.on('end', async () => {
			try {
				const answer = await pool.request({
					path: '/forwarded',
					method: 'POST',
					body: Buffer.concat(chunks),
				});
				await answer.body.dump();
				res.setHeader('content-type', 'application/json');
				res.end('{"messageId":"forwarded"}');
			} catch {
				res.statusCode = 502;
				res.end();
			}
		});
	});
	const url = await listen(server);
	return {
		url,
		close: async () => {
			await closeServer(server);
			await pool.close();
		},
	};
}

interface Target {
	origin: string;
	path: string;
	headers: Record<string, string>;
}

/** Sends `count` POSTs with `concurrency` in flight; resolves with the elapsed ms. */
async function load(target: Target, count: number, body: (i: number) => string): Promise<number> {
	const pool = new Pool(target.origin, { connections: concurrency });
	const started = performance.now();
	let next = 0;
	let failed = 0;
	const worker = async () => {
		while (next < count) {
			const i = next++;
			const answer = await pool.request({
				path: target.path,
				method: 'POST',
				headers: target.headers,
				body: body(i),
			});
			await answer.body.dump();
			if (answer.statusCode >= 300) failed++;
		}
	};
	await Promise.all(Array.from({ length: concurrency }, worker));
	const elapsed = performance.now() - started;
	await pool.close();
	if (failed > 0) throw new Error(`${failed} of ${count} requests failed`);
	return elapsed;
}

/** Sends at a fixed rate for `seconds`; latency is measured by the sink from the body. */
async function loadAtRate(target: Target, rate: number, seconds: number): Promise<void> {
	const pool = new Pool(target.origin, { connections: 32 });
	const total = rate * seconds;
	const started = performance.now();
	const pending: Promise<void>[] = [];
	let sent = 0;
	while (sent < total) {
		const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * rate) + 1);
		for (; sent < due; sent++) {
			pending.push(
				pool
					.request({
						path: target.path,
						method: 'POST',
						headers: target.headers,
						body: `t=${performance.now()}`,
					})
					.then((a) => a.body.dump()),
			);
		}
		await sleep(2);
	}
	await Promise.all(pending);
	await pool.close();
}

function withDeadline<T>(what: string, work: Promise<T>): Promise<T> {
	let timer: NodeJS.Timeout | undefined;
	const deadline = new Promise<never>((_, reject) => {
		timer = setTimeout(() => reject(new Error(`${what} did not finish within ${deadlineMs} ms`)), deadlineMs);
	});
	return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

function serviceTarget(
	service: LocalService,
	destination: string,
	headers: Record<string, string> = {},
): Target {
	return {
		origin: service.queueUrl,
		path: `/v2/publish/${destination}`,
		headers: { authorization: `Bearer ${service.token}`, 'content-type': 'text/plain', ...headers },
	};
}

const collectGarbage: () => void = (() => {
	v8.setFlagsFromString('--expose-gc');
	return vm.runInNewContext('gc') as () => void;
})();

async function settledMemory(): Promise<{ heap: number; rss: number }> {
	for (let i = 0; i < 3; i++) {
		collectGarbage();
		await sleep(50);
	}
	const usage = process.memoryUsage();
	return { heap: usage.heapUsed, rss: usage.rss };
}

/** Runs `a` and `b` in alternating order, `rounds` times each, so drifting load hits both alike. */
async function alternate<T>(rounds: number, a: () => Promise<T>, b: () => Promise<T>): Promise<[T[], T[]]> {
	const as: T[] = [];
	const bs: T[] = [];
	for (let round = 0; round < rounds; round++) {
		if (round % 2 === 0) {
			as.push(await a());
			bs.push(await b());
		} else {
			bs.push(await b());
			as.push(await a());
		}
	}
	return [as, bs];
}

const median = (values: number[]) => percentile(values, 50);

/** Sends `count` messages to `target`: accepted per second, and delivered end to end per second. */
async function measureThroughput(
	sink: Sink,
	target: Target,
	count: number,
): Promise<{ accepted: number; delivered: number }> {
	sink.reset();
	const start = performance.now();
	const accepted = await load(target, count, (i) => `message ${i}`);
	await sink.until(count);
	const delivered = performance.now() - start;
	return { accepted: (count / accepted) * 1000, delivered: (count / delivered) * 1000 };
}

async function throughput(sink: Sink, forwarderUrl: string, service: LocalService): Promise<BenchLine[]> {
	const count = throughputCount / throughputRounds;
	const [base, ours] = await alternate(
		throughputRounds,
		() => measureThroughput(sink, { origin: forwarderUrl, path: '/in', headers: {} }, count),
		() => measureThroughput(sink, serviceTarget(service, `${sink.url}/d`), count),
	);
	const deliveries = median(ours.map((r) => r.delivered));
	const baseDeliveries = median(base.map((r) => r.delivered));
	return [
		{
			metric: 'publishes accepted',
			value: median(ours.map((r) => r.accepted)),
			unit: 'msg/s',
			baseline: median(base.map((r) => r.accepted)),
		},
		{
			metric: 'deliveries end to end',
			value: deliveries,
			unit: 'msg/s',
			baseline: baseDeliveries,
			target: '>= 0.5x baseline',
			met: deliveries >= 0.5 * baseDeliveries,
		},
	];
}

/** Enqueues through a queue of `parallelism`, next to plain publishes measured alternately. */
async function queueThroughput(sink: Sink, service: LocalService): Promise<BenchLine[]> {
	const ctx = service.context;
	const now = Date.now();
	ctx.queues.upsert('bench-wide', { parallelism: wideQueueParallelism, paused: false }, now);
	ctx.queues.upsert('bench-strict', { parallelism: 1, paused: false }, now);
	const measure = (target: Target, count: number) => measureThroughput(sink, target, count);
	const enqueue = (queue: string): Target => ({
		...serviceTarget(service, `${sink.url}/q`),
		path: `/v2/enqueue/${queue}/${sink.url}/q`,
	});
	const count = throughputCount / throughputRounds;
	const [plain, wide] = await alternate(
		throughputRounds,
		() => measure(serviceTarget(service, `${sink.url}/p`), count),
		() => measure(enqueue('bench-wide'), count),
	);
	const strict = await measure(enqueue('bench-strict'), strictQueueCount);
	const plainDeliveries = median(plain.map((r) => r.delivered));
	return [
		{
			metric: 'enqueues accepted',
			value: median(wide.map((r) => r.accepted)),
			unit: 'msg/s',
			baseline: median(plain.map((r) => r.accepted)),
		},
		{
			metric: `queue deliveries (parallelism ${wideQueueParallelism})`,
			value: median(wide.map((r) => r.delivered)),
			unit: 'msg/s',
			baseline: plainDeliveries,
		},
		{
			metric: 'queue deliveries (parallelism 1, in order)',
			value: strict.delivered,
			unit: 'msg/s',
			baseline: plainDeliveries,
		},
	];
}

async function latency(sink: Sink, forwarderUrl: string, service: LocalService): Promise<BenchLine[]> {
	const seconds = fixedRateSeconds / latencyRounds;
	const measure = async (target: Target) => {
		sink.reset();
		await loadAtRate(target, fixedRate, seconds);
		await sink.until(fixedRate * seconds);
		return sink.latencies;
	};
	const [base, ours] = await alternate(
		latencyRounds,
		() => measure({ origin: forwarderUrl, path: '/in', headers: {} }),
		() => measure(serviceTarget(service, `${sink.url}/l`)),
	);
	const baseSamples = base.flat();
	const samples = ours.flat();
	const p99 = percentile(samples, 99);
	return [
		{
			metric: `latency p50 at ${fixedRate} msg/s`,
			value: percentile(samples, 50),
			unit: 'ms',
			baseline: percentile(baseSamples, 50),
		},
		{
			metric: `latency p99 at ${fixedRate} msg/s`,
			value: p99,
			unit: 'ms',
			baseline: percentile(baseSamples, 99),
			target: '< 25 ms',
			met: p99 < 25,
		},
	];
}

async function memory(sinkUrl: string): Promise<BenchLine[]> {
	const before = await settledMemory();
	const service = await startLocalService({ limits: { max_requests_per_second: 1_000_000_000 } });
	try {
		await load(
			serviceTarget(service, `${sinkUrl}/held`, { 'Svc-Delay': '1h' }),
			heldCount,
			(i) => `held ${i}`,
		);
		const held = service.context.engine.messages.size;
		if (held !== heldCount) throw new Error(`expected ${heldCount} messages held, found ${held}`);
		const after = await settledMemory();
		const mb = (bytes: number) => bytes / 1_048_576;
		const rss = mb(after.rss - before.rss);
		return [
			{
				metric: `heap growth for ${heldCount} delayed messages`,
				value: mb(after.heap - before.heap),
				unit: 'MB',
			},
			{
				metric: `RSS growth for ${heldCount} delayed messages`,
				value: rss,
				unit: 'MB',
				target: '< 300 MB',
				met: rss < 300,
			},
		];
	} finally {
		await service.close();
	}
}

export const localBenchmark: Benchmark = {
	name: 'local',
	async run() {
		const sink = await startSink();
		const forwarder = await startForwarder(sink.url);
		const service = await startLocalService({ limits: { max_requests_per_second: 1_000_000_000 } });
		try {
			// Other programs on the machine skew every number; the load says how much.
			const lines: BenchLine[] = [
				{ metric: 'machine load average (1 min) at start', value: loadavg()[0]!, unit: '' },
			];
			lines.push(...(await withDeadline('throughput', throughput(sink, forwarder.url, service))));
			lines.push(...(await withDeadline('queue throughput', queueThroughput(sink, service))));
			lines.push(...(await withDeadline('latency', latency(sink, forwarder.url, service))));
			await service.close();
			lines.push(...(await withDeadline('memory', memory(sink.url))));
			return lines;
		} finally {
			await service.close();
			await forwarder.close();
			await sink.close();
		}
	},
};
