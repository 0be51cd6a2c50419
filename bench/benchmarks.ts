import { callbacksPaneBenchmark } from './callbacks-pane.js';
import { indexBenchmark } from './index.js';
import { localBenchmark } from './local.js';
import { receiverBenchmark } from './receiver.js';
import type { Benchmark } from './report.js';
import { tuiBenchmark } from './tui.js';
import { workflowHistoryBenchmark } from './workflow-history.js';

/** Every benchmark `npm run bench` runs; each lives in its own module beside this one. */
export const benchmarks: Benchmark[] = [
	localBenchmark,
	receiverBenchmark,
	indexBenchmark,
	tuiBenchmark,
	callbacksPaneBenchmark,
	workflowHistoryBenchmark,
];
