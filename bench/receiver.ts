/**
 * Receiver throughput: signed callbacks verified per second, against a bare node:http server
 * that answers 200 to the same load from the same client in the same run. Then resident memory
 * after many requests, to show the ring buffer keeps it flat.
 *
 * MQTOP_BENCH_RECEIVER_REQUESTS sets the memory run's request count (default 200000; the
 * target is stated for 1000000). It stops after MQTOP_BENCH_RECEIVER_SECONDS (default 600).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startReceiver } from '../source/receiver/receiver.js';
import { startReceiverInWorker } from '../source/receiver/worker.js';
import { generateSigningKey } from '../source/signing/keys.js';
import type { LoadJob, LoadResult } from './receiver-load.js';
import type { BenchLine, Benchmark } from './report.js';

const connections = 16;
const warmupMs = 1_500;
const measureMs = 5_000;
const body = JSON.stringify({
	status: 500,
	header: { 'Content-Type': ['application/json'] },
	body: Buffer.from('{"error":"upstream unavailable"}').toString('base64'),
	retried: 1,
	maxRetries: 3,
	sourceMessageId: 'msg_benchSource0000000000000',
	url: 'http://127.0.0.1:9/destination',
	method: 'POST',
	sourceHeader: { 'Content-Type': 'application/json' },
	sourceBody: Buffer.from('{"order":42,"items":[1,2,3]}').toString('base64'),
	notBefore: '1767225600000',
	createdAt: '1767225600000',
	callerIP: '127.0.0.1',
});

class LoadClient {
	#child: ChildProcess;
	constructor() {
		this.#child = fork(new URL('./receiver-load.js', import.meta.url), { stdio: 'inherit' });
	}
	run(job: LoadJob): Promise<LoadResult> {
		return new Promise((resolve, reject) => {
			this.#child.once('message', (message: { ok: boolean; result?: LoadResult; message?: string }) =>
				message.ok ? resolve(message.result!) : reject(new Error(message.message)),
			);
			this.#child.send(job);
		});
	}
	close(): void {
		this.#child.disconnect();
	}
}

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

async function measure(client: LoadClient, job: Omit<LoadJob, 'durationMs'>) {
	await client.run({ ...job, durationMs: warmupMs });
	const result = await client.run({ ...job, durationMs: measureMs });
	return { rate: (result.completed / result.elapsedMs) * 1000, result };
}

function rejectedCount(result: LoadResult): number {
	return result.errors + Object.entries(result.statuses).reduce((n, [s, c]) => (s === '200' ? n : n + c), 0);
}

const mb = (bytes: number) => bytes / (1024 * 1024);

export const receiverBenchmark: Benchmark = {
	name: 'receiver',
	async run(): Promise<BenchLine[]> {
		const key = generateSigningKey();
		const common = { key, issuer: 'Svc', body, connections };
		const client = new LoadClient();
		const lines: BenchLine[] = [];
		try {
			const bare = await bareServer();
			const baseline = await measure(client, { ...common, url: bare.url });
			bare.server.close();
			bare.server.closeAllConnections();

			const main = await startReceiver({ currentSigningKey: key, nextSigningKey: generateSigningKey() });
			const onMain = await measure(client, { ...common, url: main.url });
			await main.close();

			const worker = await startReceiverInWorker({
				currentSigningKey: key,
				nextSigningKey: generateSigningKey(),
			});
			const inWorker = await measure(client, { ...common, url: worker.url });
			await worker.close();

			lines.push(
				{ metric: 'bare node:http, requests/s', value: baseline.rate, unit: 'req/s' },
				{
					metric: 'receiver, signed requests verified/s',
					value: onMain.rate,
					unit: 'req/s',
					baseline: baseline.rate,
					target: '>= 0.6x baseline',
					met: onMain.rate >= 0.6 * baseline.rate,
				},
				{
					metric: 'receiver in a worker, verified/s',
					value: inWorker.rate,
					unit: 'req/s',
					baseline: baseline.rate,
				},
				{
					metric: 'requests not verified (must be 0)',
					value: rejectedCount(onMain.result) + rejectedCount(inWorker.result),
					unit: 'requests',
					target: '0',
					met: rejectedCount(onMain.result) + rejectedCount(inWorker.result) === 0,
				},
			);

			lines.push(...(await memoryRun(client, common)));
		} finally {
			client.close();
		}
		return lines;
	},
};

async function memoryRun(
	client: LoadClient,
	common: Omit<LoadJob, 'url' | 'durationMs'>,
): Promise<BenchLine[]> {
	const requests = Number(process.env.MQTOP_BENCH_RECEIVER_REQUESTS ?? 200_000);
	const seconds = Number(process.env.MQTOP_BENCH_RECEIVER_SECONDS ?? 600);
	const receiver = await startReceiver({ currentSigningKey: common.key });
	const rssBefore = process.memoryUsage().rss;
	let peak = rssBefore;
	const sampler = setInterval(() => {
		peak = Math.max(peak, process.memoryUsage().rss);
	}, 250);
	try {
		const result = await client.run({
			...common,
			url: receiver.url,
			durationMs: seconds * 1000,
			maxRequests: requests,
		});
		receiver.store.flush();
		const rss = process.memoryUsage().rss;
		peak = Math.max(peak, rss);
		const { counters, events } = receiver.store.getSnapshot();
		return [
			{ metric: 'memory run: requests received', value: counters.total, unit: 'requests' },
			{ metric: 'memory run: events kept (ring)', value: events.length, unit: 'events' },
			{ metric: 'memory run: RSS before', value: mb(rssBefore), unit: 'MB' },
			{
				metric: `memory run: RSS after ${result.completed} requests`,
				value: mb(rss),
				unit: 'MB',
				target: '< 200 MB',
				met: mb(rss) < 200,
			},
			{
				metric: 'memory run: peak RSS',
				value: mb(peak),
				unit: 'MB',
				target: '< 200 MB',
				met: mb(peak) < 200,
			},
			{ metric: 'memory run: heap used', value: mb(process.memoryUsage().heapUsed), unit: 'MB' },
		];
	} finally {
		clearInterval(sampler);
		await receiver.close();
	}
}
