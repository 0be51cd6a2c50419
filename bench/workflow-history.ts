/**
 * A workflow run as it grows: 300 steps of 200 KB submitted one after the other to the local
 * service with a data directory, as the SDK submits them. What a submission costs (answered, so
 * kept) near step 300 beside what it cost near step 10, measured in the same run: the work of a
 * submission must not grow with the history. The bytes written per submission are shown beside.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startLocalService } from '../source/local/service.js';
import { type BenchLine, type Benchmark, percentile } from './report.js';

const steps = 300;
const stepBytes = 200_000;
/** Submissions around step 10 and around step 300 whose costs are compared. */
const early = [6, 15] as const;
const late = [291, 300] as const;

async function run(): Promise<BenchLine[]> {
	const dataDir = await mkdtemp(path.join(tmpdir(), 'mqtop-bench-history-'));
	// The history of 300 such steps is past the default most a run keeps: raised for the measure.
	const service = await startLocalService({ dataDir, caps: { runHistory: { bytes: 256 * 1024 * 1024 } } });
	try {
		const headers = {
			authorization: `Bearer ${service.token}`,
			'Svc-Workflow-RunId': 'wfr_bench',
			// Its calls of the route wait: only the submissions are measured.
			'Svc-Delay': '1h',
		};
		// Nothing listens there: the calls wait an hour and are never made.
		const route = 'http://127.0.0.1:9/route';
		const started = await fetch(`${service.queueUrl}/v2/trigger/${route}`, {
			method: 'POST',
			headers,
			body: '{}',
		});
		if (started.status !== 200) throw new Error(`the run did not start: ${started.status}`);
		const ms: number[] = [];
		const written: number[] = [];
		for (let stepId = 1; stepId <= steps; stepId++) {
			const body = JSON.stringify({
				stepId,
				stepName: `s${stepId}`,
				stepType: 'Run',
				concurrent: 1,
				out: ''.padEnd(stepBytes, 'x'),
			});
			const before = service.writtenBytes();
			const t0 = performance.now();
			const answer = await fetch(`${service.queueUrl}/v2/publish/${route}`, {
				method: 'POST',
				headers,
				body,
			});
			await answer.arrayBuffer();
			ms.push(performance.now() - t0);
			written.push(service.writtenBytes() - before);
			if (answer.status !== 200) throw new Error(`step ${stepId} was answered ${answer.status}`);
		}
		const median = (values: number[], [from, to]: readonly [number, number]) =>
			percentile(values.slice(from - 1, to), 50);
		const earlyMs = median(ms, early);
		const lateMs = median(ms, late);
		return [
			{
				metric: `submission near step ${late[1]} (200 KB steps)`,
				value: lateMs,
				unit: 'ms',
				baseline: earlyMs,
				target: '<= 1.5x baseline (near step 10)',
				met: lateMs <= 1.5 * earlyMs,
			},
			{
				metric: `bytes written near step ${late[1]}`,
				value: median(written, late) / 1024,
				unit: 'KB',
				baseline: median(written, early) / 1024,
			},
		];
	} finally {
		await service.close();
		await rm(dataDir, { recursive: true, force: true });
	}
}

export const workflowHistoryBenchmark: Benchmark = { name: 'workflow-history', run, limitMs: 10 * 60_000 };
