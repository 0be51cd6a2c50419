/**
 * The embedded local service under load, keeping its state in a data directory (the
 * default) and in memory only (`--ephemeral`), next to a bare Node forwarder (accepts a POST
 * and forwards it to the same sink), all three measured in turn in the same run:
 * - publishes accepted per second and deliveries per second end to end to a loopback sink;
 * - the same through a queue (parallelism 100, and 1: one at a time, in order), next to plain
 *   publishes measured alternately in the same run;
 * - publish-to-delivery latency p50/p99 at a fixed 500 messages per second, each contender in a
 *   process of its own (local-host.ts), as users run `mqtop serve`;
 * - delivery latency to a healthy destination while 1,000 messages wait on one that never
 *   answers, next to the same with nothing waiting (fair delivery: under the message's timeout);
 * - memory held by 100,000 delayed messages, and the time to start again with them kept;
 * - a publish with 5,000 workflow runs kept, next to the same with none, measured alternately
 *   in the same run: the work of a request must not grow with what is kept. Both services had
 *   as many deliveries before (their logs as full, LevelDB as busy compacting), only one of them
 *   as the first calls of runs;
 * - a bulk cancel and a queue delete per message on a paused queue of 100,000 next to one of
 *   10,000 (local-cancel.ts): the work must grow linearly with the messages removed.
 * Everything runs on loopback, bounded in count and time, in this process but for the latency
 * contenders; the data directory is a temporary one, removed at the end.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type ServerResponse } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Pool } from 'undici';
import { originParallelism } from '../source/local/delivery/origin-slots.js';
import { type LocalService, startLocalService } from '../source/local/service.js';
import { BenchChild, benchFile } from './children.js';
import { bulkRemoval } from './local-cancel.js';
import type { LocalHostReply, LocalHostRequest } from './local-host.js';
import {
	atRateConnections,
	benchLimits,
	type Contender,
	closeServer,
	deadlineMs,
	listen,
	load,
	loadAtRate,
	median,
	reportSpikes,
	rotate,
	type Sink,
	serviceTarget,
	settledMemory,
	startForwarder,
	startSink,
	type Target,
	verbose,
	withDeadline,
} from './local-support.js';
import { type BenchLine, type Benchmark, percentile } from './report.js';

const throughputCount = 20_000;
const throughputRounds = 4;
const latencyRounds = 4;
const fixedRate = 500;
const fixedRateSeconds = 12;
/** Deliveries each latency contender makes first: enough to fill its delivery logs (3 records each). */
const latencyWarmup = 4_000;
const heldCount = 100_000;
const wideQueueParallelism = 100;
const strictQueueCount = 1000;
/** Of plain deliveries: a queue of 100 is as fast; one at a time waits for each answer. */
const wideQueueTarget = 0.8;
const strictQueueTarget = 0.4;
/** Of the bare forwarder's deliveries end to end. */
const deliveriesTarget = 0.7;
const keptRuns = 5_000;
const historyRounds = 4;
const historyPublishes = 200;
const startTargetMs = 3_000;
const silentBacklog = 1000;
const healthySamples = 20;
const healthyTimeoutMs = 10_000;

interface Throughput {
	accepted: number;
	delivered: number;
	/** CPU milliseconds of this process (load, sink and the contender alike) per 10,000 deliveries. */
	cpuPer10k: number;
}

const cpuMs = () => {
	const { user, system } = process.cpuUsage();
	return (user + system) / 1000;
};

/** Sends `count` messages to `target`: accepted per second, and delivered end to end per second. */
async function measureThroughput(sink: Sink, target: Target, count: number): Promise<Throughput> {
	sink.reset();
	const start = performance.now();
	const cpuStart = cpuMs();
	const accepted = await load(target, count, (i) => `message ${i}`);
	await sink.until(count);
	const delivered = performance.now() - start;
	return {
		accepted: (count / accepted) * 1000,
		delivered: (count / delivered) * 1000,
		cpuPer10k: ((cpuMs() - cpuStart) * 10_000) / count,
	};
}

async function throughput(sink: Sink, forwarderUrl: string, services: Contender[]): Promise<BenchLine[]> {
	const count = throughputCount / throughputRounds;
	const [base, ...ours] = await rotate(throughputRounds, [
		() => measureThroughput(sink, { origin: forwarderUrl, path: '/in', headers: {} }, count),
		...services.map(
			({ service }) =>
				() =>
					measureThroughput(sink, serviceTarget(service, `${sink.url}/d`), count),
		),
	]);
	const baseDeliveries = median(base!.map((r) => r.delivered));
	return services.flatMap(({ label, target }, i) => {
		const deliveries = median(ours[i]!.map((r) => r.delivered));
		return [
			{
				metric: `publishes accepted${label}`,
				value: median(ours[i]!.map((r) => r.accepted)),
				unit: 'msg/s',
				baseline: median(base!.map((r) => r.accepted)),
			},
			{
				metric: `deliveries end to end${label}`,
				value: deliveries,
				unit: 'msg/s',
				baseline: baseDeliveries,
				...(target === undefined
					? {}
					: { target: `>= ${target}x baseline`, met: deliveries >= target * baseDeliveries }),
			},
			{
				// What the machine's load moves least: the CPU time of the same work, whatever the wall clock.
				metric: `CPU per 10,000 deliveries end to end${label}`,
				value: median(ours[i]!.map((r) => r.cpuPer10k)),
				unit: 'ms',
				baseline: median(base!.map((r) => r.cpuPer10k)),
			},
		];
	});
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
	const [plain, wide] = (await rotate(throughputRounds, [
		() => measure(serviceTarget(service, `${sink.url}/p`), count),
		() => measure(enqueue('bench-wide'), count),
	])) as [Throughput[], Throughput[]];
	const strict = await measure(enqueue('bench-strict'), strictQueueCount);
	const plainDeliveries = median(plain.map((r) => r.delivered));
	const wideDeliveries = median(wide.map((r) => r.delivered));
	const strictDeliveries = strict.delivered;
	return [
		{
			metric: 'enqueues accepted',
			value: median(wide.map((r) => r.accepted)),
			unit: 'msg/s',
			baseline: median(plain.map((r) => r.accepted)),
		},
		{
			metric: `queue deliveries (parallelism ${wideQueueParallelism})`,
			value: wideDeliveries,
			unit: 'msg/s',
			baseline: plainDeliveries,
			target: `>= ${wideQueueTarget}x baseline (plain deliveries)`,
			met: wideDeliveries >= wideQueueTarget * plainDeliveries,
		},
		{
			metric: 'queue deliveries (parallelism 1, in order)',
			value: strictDeliveries,
			unit: 'msg/s',
			baseline: plainDeliveries,
			target: `>= ${strictQueueTarget}x baseline (plain deliveries)`,
			met: strictDeliveries >= strictQueueTarget * plainDeliveries,
		},
	];
}

/** A contender of the latency measure in a process of its own (local-host.ts). */
interface Hosted {
	label: string;
	target: Target;
	child: BenchChild<LocalHostRequest, LocalHostReply>;
	/** The publishing app's connections to it, kept open from one round to the next. */
	pool: Pool;
}

async function host(
	name: string,
	label: string,
	start: Extract<LocalHostRequest, { type: 'start' }>,
	sink: Sink,
): Promise<Hosted> {
	const child = BenchChild.fork<LocalHostRequest, LocalHostReply>(benchFile('./local-host.js'), { name });
	const started = await child.ask(start);
	if (started.type !== 'started') throw new Error(`${name} answered ${started.type} to start`);
	const target =
		start.kind === 'forwarder'
			? { origin: started.url, path: '/in', headers: {} }
			: serviceTarget({ queueUrl: started.url, token: started.token }, `${sink.url}/l`);
	return { label, target, child, pool: new Pool(target.origin, { connections: atRateConnections }) };
}

/**
 * Publish-to-delivery latency at a fixed rate, each contender in a process of its own, as users
 * run `mqtop serve`: sharing this process, a contender's p99 was that of this process's garbage
 * collections (the load generator's, the sink's and both services' heaps marked at once) and
 * of connections accepted one per turn of a loop shared with them. Each is warmed first with
 * as many deliveries as fill the delivery logs, so its heap is as a busy service's, sent
 * through the connections it is then measured through.
 */
async function latency(sink: Sink, root: string): Promise<BenchLine[]> {
	const hosts: Hosted[] = [];
	try {
		hosts.push(
			await host(
				'the forwarder',
				' (forwarder)',
				{ type: 'start', kind: 'forwarder', sinkUrl: sink.url },
				sink,
			),
			await host(
				'the service',
				'',
				{ type: 'start', kind: 'service', dataDir: path.join(root, 'latency') },
				sink,
			),
			await host('the service (--ephemeral)', ' (--ephemeral)', { type: 'start', kind: 'service' }, sink),
		);
		// Through the pool each is measured with, which so has all its connections open: an app
		// publishing 500 a second has, and a burst then waits for no connection to be accepted
		// (node:http accepts one per turn of its event loop).
		for (const { target, child, pool } of hosts) {
			sink.reset();
			await child.watch(load(target, latencyWarmup, (i) => `warm ${i}`, pool));
			await child.watch(sink.until(latencyWarmup));
		}
		const seconds = fixedRateSeconds / latencyRounds;
		const measure = async ({ label, target, child, pool }: Hosted) => {
			sink.reset();
			if (verbose()) await child.ask({ type: 'watch' });
			const startedAt = performance.now();
			await child.watch(loadAtRate(target, fixedRate, seconds, pool));
			await child.watch(sink.until(fixedRate * seconds));
			if (verbose()) {
				const pauses = await child.ask({ type: 'pauses' });
				if (pauses.type === 'pauses') reportSpikes(`latency${label}`, sink, startedAt, pauses);
			}
			return sink.latencies;
		};
		const [base, ...ours] = await rotate(
			latencyRounds,
			hosts.map((hosted) => () => measure(hosted)),
		);
		const baseSamples = base!.flat();
		return hosts.slice(1).flatMap(({ label }, i) => {
			const samples = ours[i]!.flat();
			const p99 = percentile(samples, 99);
			return [
				{
					metric: `latency p50 at ${fixedRate} msg/s${label}`,
					value: percentile(samples, 50),
					unit: 'ms',
					baseline: percentile(baseSamples, 50),
				},
				{
					metric: `latency p99 at ${fixedRate} msg/s${label}`,
					value: p99,
					unit: 'ms',
					baseline: percentile(baseSamples, 99),
					target: '< 25 ms',
					met: p99 < 25,
				},
				{
					// For reference: the slowest few, where a pause shows first.
					metric: `latency p99.9 at ${fixedRate} msg/s${label}`,
					value: percentile(samples, 99.9),
					unit: 'ms',
					baseline: percentile(baseSamples, 99.9),
				},
			];
		});
	} finally {
		for (const { child, pool } of hosts) {
			await pool.close();
			child.tell({ type: 'close' });
			await child.end();
		}
	}
}

/** A destination that takes every request and never answers it (an app stopped at a breakpoint). */
async function startSilent(): Promise<{ url: string; received: () => number; close(): Promise<void> }> {
	const held: ServerResponse[] = [];
	const server = createServer((req, res) => {
		req.resume();
		held.push(res);
	});
	const url = await listen(server);
	return {
		url,
		received: () => held.length,
		close: async () => {
			for (const res of held) res.destroy();
			await closeServer(server);
		},
	};
}

/**
 * Publish-to-delivery latency of messages to the sink, one at a time; one that has not arrived
 * within its timeout counts as the timeout, and ends the measure.
 */
async function healthyLatencies(service: LocalService, sink: Sink): Promise<number[]> {
	const target = serviceTarget(service, `${sink.url}/healthy`, {
		'Svc-Timeout': `${healthyTimeoutMs / 1000}s`,
	});
	const pool = new Pool(target.origin, { connections: 1 });
	const samples: number[] = [];
	try {
		for (let i = 0; i < healthySamples; i++) {
			sink.reset();
			const sent = performance.now();
			const answer = await pool.request({ ...target, method: 'POST', body: `t=${sent}` });
			await answer.body.dump();
			const arrived = await Promise.race([
				sink.until(1).then(() => true),
				sleep(healthyTimeoutMs).then(() => false),
			]);
			if (!arrived) {
				samples.push(healthyTimeoutMs);
				break;
			}
			samples.push(sink.latencies[0] ?? performance.now() - sent);
		}
	} finally {
		await pool.close();
	}
	return samples;
}

/** A healthy destination's latency with nothing waiting, then with 1,000 messages on a silent one. */
async function fairness(sink: Sink): Promise<BenchLine[]> {
	const service = await startLocalService(benchLimits);
	const silent = await startSilent();
	try {
		const calm = await healthyLatencies(service, sink);
		await load(serviceTarget(service, `${silent.url}/stuck`), silentBacklog, (i) => `stuck ${i}`);
		const share = originParallelism(service.context.limits);
		while (silent.received() < share) await sleep(10);
		const crowded = await healthyLatencies(service, sink);
		const worst = Math.max(...crowded);
		return [
			{
				metric: `healthy delivery p50, ${silentBacklog} on a silent one`,
				value: percentile(crowded, 50),
				unit: 'ms',
				baseline: percentile(calm, 50),
			},
			{
				metric: `healthy delivery max, ${silentBacklog} on a silent one`,
				value: worst,
				unit: 'ms',
				baseline: Math.max(...calm),
				target: `< ${healthyTimeoutMs} ms (its timeout)`,
				met: worst < healthyTimeoutMs,
			},
			{ metric: 'deliveries held by the silent destination', value: silent.received(), unit: '' },
		];
	} finally {
		await service.close();
		await silent.close();
	}
}

async function memory(sinkUrl: string, dataDir: string): Promise<BenchLine[]> {
	const before = await settledMemory();
	const service = await startLocalService({ ...benchLimits, dataDir });
	const lines: BenchLine[] = [];
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
		lines.push(
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
		);
	} finally {
		await service.close();
	}
	const started = performance.now();
	const again = await startLocalService({ ...benchLimits, dataDir });
	const restartMs = performance.now() - started;
	try {
		const held = again.context.engine.messages.size;
		if (held !== heldCount) throw new Error(`expected ${heldCount} messages kept, found ${held}`);
		lines.push({
			metric: `start with ${heldCount} delayed messages kept`,
			value: restartMs,
			unit: 'ms',
			target: `< ${startTargetMs} ms`,
			met: restartMs < startTargetMs,
		});
	} finally {
		await again.close();
	}
	return lines;
}

/** Latencies of `count` publishes sent one after another (delayed: nothing is delivered meanwhile). */
async function publishLatencies(service: LocalService, sinkUrl: string, count: number): Promise<number[]> {
	const target = serviceTarget(service, `${sinkUrl}/history`, { 'Svc-Delay': '1h' });
	const pool = new Pool(target.origin, { connections: 1 });
	const samples: number[] = [];
	try {
		for (let i = 0; i < count; i++) {
			const started = performance.now();
			const answer = await pool.request({
				path: target.path,
				method: 'POST',
				headers: target.headers,
				body: `p ${i}`,
			});
			await answer.body.dump();
			if (answer.statusCode >= 300) throw new Error(`a publish answered ${answer.statusCode}`);
			samples.push(performance.now() - started);
		}
	} finally {
		await pool.close();
	}
	return samples;
}

/** Starts `count` workflow runs on the sink (which ends each at its first call) and waits until all ended. */
async function keepRuns(service: LocalService, sinkUrl: string, count: number): Promise<void> {
	const pool = new Pool(service.queueUrl, { connections: 8 });
	const perBatch = 100;
	try {
		for (let at = 0; at < count; at += perBatch) {
			const items = Array.from({ length: Math.min(perBatch, count - at) }, (_, i) => ({
				destination: `${sinkUrl}/run-${at + i}`,
				body: JSON.stringify({ order: at + i, note: 'a payload of some size'.repeat(8) }),
			}));
			const answer = await pool.request({
				path: '/v2/batch/trigger',
				method: 'POST',
				headers: { authorization: `Bearer ${service.token}`, 'content-type': 'application/json' },
				body: JSON.stringify(items),
			});
			await answer.body.dump();
			if (answer.statusCode >= 300) throw new Error(`a batch trigger answered ${answer.statusCode}`);
		}
	} finally {
		await pool.close();
	}
	const runs = service.context.runs;
	while (runs.size < count || runs.newestFirst().some((run) => run.state === 'RUN_STARTED')) await sleep(50);
}

async function historyCost(sink: Sink, root: string): Promise<BenchLine[]> {
	const bare = await startLocalService({ ...benchLimits, dataDir: path.join(root, 'no-runs') });
	const kept = await startLocalService({ ...benchLimits, dataDir: path.join(root, 'runs') });
	try {
		sink.reset();
		await load(serviceTarget(bare, `${sink.url}/plain`), keptRuns, (i) => `plain ${i}`);
		await sink.until(keptRuns);
		await keepRuns(kept, sink.url, keptRuns);
		const sinkUrl = sink.url;
		const count = historyPublishes / historyRounds;
		const [none, many] = (await rotate(historyRounds, [
			() => publishLatencies(bare, sinkUrl, count),
			() => publishLatencies(kept, sinkUrl, count),
		])) as [number[][], number[][]];
		const baseline = median(none.flat());
		const value = median(many.flat());
		return [
			{
				metric: `publish p50 with ${keptRuns} workflow runs kept`,
				value,
				unit: 'ms',
				baseline,
				target: '<= 1.5x baseline (no runs kept)',
				met: value <= 1.5 * baseline,
			},
		];
	} finally {
		await bare.close();
		await kept.close();
	}
}

export const localBenchmark: Benchmark = {
	name: 'local',
	// Seven parts, each failed by its own deadline, and the services' starts and stops around them.
	limitMs: 7 * deadlineMs + 180_000,
	async run() {
		const sink = await startSink();
		const forwarder = await startForwarder(sink.url);
		const root = await mkdtemp(path.join(tmpdir(), 'mqtop-bench-'));
		const kept = await startLocalService({ ...benchLimits, dataDir: path.join(root, 'throughput') });
		const ephemeral = await startLocalService(benchLimits);
		const services: Contender[] = [
			{ service: kept, label: '', target: deliveriesTarget },
			{ service: ephemeral, label: ' (--ephemeral)', target: deliveriesTarget },
		];
		try {
			// Other programs on the machine skew every number; the load says how much.
			const lines: BenchLine[] = [
				{ metric: 'machine load average (1 min) at start', value: loadavg()[0]!, unit: '' },
			];
			lines.push(...(await withDeadline('throughput', throughput(sink, forwarder.url, services))));
			lines.push(...(await withDeadline('queue throughput', queueThroughput(sink, kept))));
			lines.push(...(await withDeadline('latency', latency(sink, root))));
			lines.push(...(await withDeadline('fair delivery', fairness(sink))));
			await kept.close();
			await ephemeral.close();
			lines.push(...(await withDeadline('memory', memory(sink.url, path.join(root, 'memory')))));
			lines.push(...(await withDeadline('history', historyCost(sink, path.join(root, 'history')))));
			lines.push(...(await withDeadline('bulk removal', bulkRemoval(sink.url))));
			lines.push({ metric: 'machine load average (1 min) at end', value: loadavg()[0]!, unit: '' });
			return lines;
		} finally {
			await kept.close();
			await ephemeral.close();
			await forwarder.close();
			await sink.close();
			await rm(root, { recursive: true, force: true });
		}
	},
};
