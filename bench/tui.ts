/**
 * TUI benchmarks, each against a baseline measured in the same run:
 * - frame time of the Overview at 200x50 with every series at 240 points (30d), vs a plain Text
 *   of the same size (target p99 < 10 ms): from new poll data to the frame written; and, for
 *   reference, the same frames composed by Ink's own Output.get instead of ours (ui/ink);
 * - the same with the multi-row live charts full and moving, one answer of the delivery logs a
 *   frame (target p99 < 10 ms);
 * - CPU of an idle TUI polling every 2 s over 30 s, vs an idle node process (target < 2% of a core);
 * - process start to first frame, vs node start-up alone (target < 600 ms).
 * The local service and the traffic stay on 127.0.0.1 and stop with the benchmark. No JSX here:
 * the file name is the one the benchmark list expects.
 */
import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { MqClient } from '../source/api/client.js';
import { type LocalService, startLocalService } from '../source/local/service.js';
import { benchClient, connectionEnv, connectionOf } from './connection.js';
import { type BenchLine, type Benchmark, percentile } from './report.js';

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/** Real traffic for the statistics: publishes delivered to a destination on 127.0.0.1. */
async function traffic(client: MqClient): Promise<void> {
	const sink = createServer((req, res) => {
		req.resume();
		res.end('ok');
	});
	await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
	const url = `http://127.0.0.1:${(sink.address() as AddressInfo).port}/`;
	try {
		const publishSome = async (n: number) => {
			for (let i = 0; i < n; i++) await client.publish({ destination: url, body: `bench ${i}` });
		};
		await publishSome(80);
	} finally {
		sink.close();
		sink.closeAllConnections();
	}
}

interface ChildReport {
	ms?: number;
	loadedMs?: number;
	cpuMs?: number;
	wallMs?: number;
	overview?: number[];
	inkComposed?: number[];
	live?: number[];
	plain?: number[];
	points?: number;
}

function runChild(script: string, args: string[], env: Record<string, string>): Promise<ChildReport> {
	return new Promise((resolve, reject) => {
		const child = fork(here(script), args, {
			// As the mqtop entry runs it: production React, and colours as on a real terminal.
			env: { ...process.env, NODE_ENV: 'production', FORCE_COLOR: '3', ...env },
			stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
		});
		let stderr = '';
		child.stderr?.on('data', (chunk) => {
			stderr += String(chunk);
		});
		let report: ChildReport | undefined;
		child.on('message', (message) => {
			report = message as ChildReport;
		});
		child.on('error', reject);
		child.on('exit', (code) => {
			if (report) resolve(report);
			else reject(new Error(`${script} ${args.join(' ')} exited with ${code} without a report: ${stderr}`));
		});
	});
}

async function frameTime(service: LocalService, client: MqClient): Promise<BenchLine[]> {
	await traffic(client);
	const report = await runChild('./tui-child.js', ['frames'], connectionEnv(service));
	const overview = report.overview ?? [];
	const plain = report.plain ?? [];
	const p99 = percentile(overview, 99);
	const live = report.live ?? [];
	const liveP99 = percentile(live, 99);
	return [
		{
			metric: `overview frame p50 (200x50, ${report.points} points)`,
			value: percentile(overview, 50),
			unit: 'ms',
			baseline: percentile(plain, 50),
		},
		{
			metric: `overview frame p99 (200x50, ${report.points} points)`,
			value: p99,
			unit: 'ms',
			baseline: percentile(plain, 99),
			target: '< 10 ms',
			met: p99 < 10,
		},
		{
			metric: '  the same frames composed by Ink itself, p50',
			value: percentile(report.inkComposed ?? [], 50),
			unit: 'ms',
		},
		{
			metric: '  the same frames composed by Ink itself, p99',
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

async function idleCpu(service: LocalService): Promise<BenchLine[]> {
	const windowMs = Number(process.env.MQTOP_BENCH_IDLE_MS ?? 30_000);
	const env = connectionEnv(service);
	const [tui, sleeping] = await Promise.all([
		runChild('./tui-child.js', ['idle', String(windowMs)], env),
		runChild('./tui-child.js', ['sleep', String(windowMs)], env),
	]);
	const share = (r: ChildReport) => ((r.cpuMs ?? 0) / (r.wallMs ?? windowMs)) * 100;
	const value = share(tui);
	return [
		{
			metric: `idle TUI CPU, polling every 2 s for ${Math.round(windowMs / 1000)} s`,
			value,
			unit: '% of a core',
			baseline: share(sleeping),
			target: '< 2 %',
			met: value < 2,
		},
	];
}

async function firstFrame(service: LocalService): Promise<BenchLine[]> {
	const env = connectionEnv(service);
	const runs = 5;
	const tui: number[] = [];
	const loaded: number[] = [];
	const boot: number[] = [];
	for (let i = 0; i < runs; i++) {
		const report = await runChild('./first-frame-child.js', [], env);
		tui.push(report.ms ?? Number.NaN);
		loaded.push(report.loadedMs ?? Number.NaN);
		boot.push((await runChild('./boot-child.js', [], env)).ms ?? Number.NaN);
	}
	const median = percentile(tui, 50);
	return [
		{
			metric: `process start to first frame (median of ${runs})`,
			value: median,
			unit: 'ms',
			baseline: percentile(boot, 50),
			target: '< 600 ms',
			met: median < 600,
		},
		{ metric: `process start to first frame (worst of ${runs})`, value: Math.max(...tui), unit: 'ms' },
		{ metric: '  of which loading the TUI bundle (median)', value: percentile(loaded, 50), unit: 'ms' },
	];
}

export const tuiBenchmark: Benchmark = {
	name: 'tui',
	async run() {
		const service = await startLocalService();
		try {
			const client = benchClient(connectionOf(service));
			return [
				...(await frameTime(service, client)),
				...(await firstFrame(service)),
				...(await idleCpu(service)),
			];
		} finally {
			await service.close();
		}
	},
};
