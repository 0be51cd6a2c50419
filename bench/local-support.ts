/**
 * What the `local` benchmark's measures share: a loopback sink and a bare forwarder (the
 * baseline), load generators, deadlines, and rotation of contenders within one run.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import v8 from 'node:v8';
import vm from 'node:vm';
import { Pool } from 'undici';
import type { LocalService, LocalServiceOptions } from '../source/local/service.js';
import { percentile } from './report.js';

/** The plan's request rate is not what is measured: every contender takes what it is sent. */
export const benchLimits: LocalServiceOptions = { limits: { max_requests_per_second: 1_000_000_000 } };

/** Connections of the fixed-rate load. */
export const atRateConnections = 32;

/** Requests in flight of the throughput load. */
export const concurrency = 64;
/** Each measure ends by itself within this, or fails saying which one did not. */
export const deadlineMs = 120_000;

export interface Sink {
	url: string;
	arrived: number;
	latencies: number[];
	/** When each latency sample was sent (performance.now()), in the same order. */
	sentAt: number[];
	/** Resolves when `count` requests have arrived since the last reset. */
	until(count: number): Promise<void>;
	reset(): void;
	close(): Promise<void>;
}

export function listen(server: Server): Promise<string> {
	return new Promise((resolve) => {
		server.listen(0, '127.0.0.1', () =>
			resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
		);
	});
}

export function closeServer(server: Server): Promise<void> {
	return new Promise((resolve) => {
		server.close(() => resolve());
		server.closeAllConnections();
	});
}

/** Answers 200 at once; a body holding a send time becomes a latency sample. */
export async function startSink(): Promise<Sink> {
	let waiter: { count: number; resolve: () => void } | undefined;
	const sink: Sink = {
		url: '',
		arrived: 0,
		latencies: [],
		sentAt: [],
		until: (count) =>
			sink.arrived >= count
				? Promise.resolve()
				: new Promise((resolve) => {
						waiter = { count, resolve };
					}),
		reset() {
			sink.arrived = 0;
			sink.latencies = [];
			sink.sentAt = [];
		},
		close: () => closeServer(server),
	};
	const server = createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (c: Buffer) => chunks.push(c));
		req.on('end', () => {
			const text = Buffer.concat(chunks).toString();
			if (text.startsWith('t=')) {
				const sent = Number(text.slice(2));
				sink.latencies.push(performance.now() - sent);
				sink.sentAt.push(sent);
			}
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
export async function startForwarder(sinkUrl: string): Promise<{ url: string; close(): Promise<void> }> {
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

export interface Target {
	origin: string;
	path: string;
	headers: Record<string, string>;
}

/**
 * Sends `count` POSTs with `concurrency` in flight; resolves with the elapsed ms. Through a
 * pool of its own (closed at the end), or through `through`, which stays open.
 */
export async function load(
	target: Target,
	count: number,
	body: (i: number) => string,
	through?: Pool,
): Promise<number> {
	const pool = through ?? new Pool(target.origin, { connections: concurrency });
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
	if (!through) await pool.close();
	if (failed > 0) throw new Error(`${failed} of ${count} requests failed`);
	return elapsed;
}

/**
 * Sends at a fixed rate for `seconds`; latency is measured by the sink from the body. Through
 * a pool of its own (closed at the end), or through `through`, which stays open.
 */
export async function loadAtRate(
	target: Target,
	rate: number,
	seconds: number,
	through?: Pool,
): Promise<void> {
	const pool = through ?? new Pool(target.origin, { connections: atRateConnections });
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
	if (!through) await pool.close();
}

export function withDeadline<T>(what: string, work: Promise<T>): Promise<T> {
	let timer: NodeJS.Timeout | undefined;
	const deadline = new Promise<never>((_, reject) => {
		timer = setTimeout(() => reject(new Error(`${what} did not finish within ${deadlineMs} ms`)), deadlineMs);
	});
	return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

export function serviceTarget(
	service: Pick<LocalService, 'queueUrl' | 'token'>,
	destination: string,
	headers: Record<string, string> = {},
): Target {
	return {
		origin: service.queueUrl,
		path: `/v2/publish/${destination}`,
		headers: { authorization: `Bearer ${service.token}`, 'content-type': 'text/plain', ...headers },
	};
}

export const collectGarbage: () => void = (() => {
	v8.setFlagsFromString('--expose-gc');
	return vm.runInNewContext('gc') as () => void;
})();

export async function settledMemory(): Promise<{ heap: number; rss: number }> {
	for (let i = 0; i < 3; i++) {
		collectGarbage();
		await sleep(50);
	}
	const usage = process.memoryUsage();
	return { heap: usage.heapUsed, rss: usage.rss };
}

/**
 * Runs each of `contenders` once per round, `rounds` times, starting each round with the next
 * one, so drifting load hits all alike. Returns the results per contender.
 */
export async function rotate<T>(rounds: number, contenders: (() => Promise<T>)[]): Promise<T[][]> {
	const results: T[][] = contenders.map(() => []);
	for (let round = 0; round < rounds; round++) {
		for (let i = 0; i < contenders.length; i++) {
			const which = (round + i) % contenders.length;
			results[which]!.push(await contenders[which]!());
		}
	}
	return results;
}

/** The service as measured: kept in a data directory, or in memory only. */
export interface Contender {
	service: LocalService;
	/** Put after the metric's name, e.g. ` (--ephemeral)`. */
	label: string;
	/** The least share of the baseline its deliveries must reach; none for a line for reference. */
	target?: number;
}

export const median = (values: number[]) => percentile(values, 50);

/** The pauses a measure met in one process: its event loop's longest delay and its GC pauses of 5 ms or more. */
export interface Pauses {
	loopDelayMaxMs: number;
	/** Each as `<ms since the watch started> ms: <duration> ms`. */
	gc: string[];
}

/** Watches this process's event loop and garbage collector until `stop`. */
export function watchPauses(): { stop(): Pauses } {
	const start = performance.now();
	const gc: string[] = [];
	const observer = new PerformanceObserver((list) => {
		for (const entry of list.getEntries())
			if (entry.duration >= 5)
				gc.push(`${(entry.startTime - start).toFixed(0)} ms: ${entry.duration.toFixed(1)} ms`);
	});
	observer.observe({ entryTypes: ['gc'] });
	const delay = monitorEventLoopDelay({ resolution: 1 });
	delay.enable();
	return {
		stop() {
			observer.disconnect();
			delay.disable();
			return { loopDelayMaxMs: delay.max / 1e6, gc };
		},
	};
}

/**
 * With MQTOP_BENCH_VERBOSE set, prints a measure's slowest samples, each at its time since the
 * measure started, with the pauses the contender's process met meanwhile (`pauses`, asked of it
 * when the measure ends): a spike with the contender's loop paused at that time is a pause (GC,
 * a long task), one with its loop free is a wait (for a write, a connection).
 */
export function reportSpikes(label: string, sink: Sink, startedAt: number, pauses: Pauses): void {
	const slowest = sink.latencies
		.map((latency, i) => ({ latency, at: (sink.sentAt[i] ?? startedAt) - startedAt }))
		.sort((a, b) => b.latency - a.latency)
		.slice(0, 10)
		.map(({ latency, at }) => `${latency.toFixed(1)} ms sent at ${at.toFixed(0)} ms`);
	process.stderr.write(
		`${label}: slowest ${slowest.join(', ')}; its loop delay max ${pauses.loopDelayMaxMs.toFixed(1)} ms; ` +
			`its GC pauses of 5 ms or more: ${pauses.gc.join(', ') || 'none'}\n`,
	);
}

export const verbose = () => Boolean(process.env.MQTOP_BENCH_VERBOSE);
