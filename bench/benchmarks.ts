import { localBenchmark } from './local.js';
import type { Benchmark } from './report.js';
import { tuiBenchmark } from './tui.js';

/** Every benchmark `npm run bench` runs; each lives in its own module beside this one. */
export const benchmarks: Benchmark[] = [localBenchmark, tuiBenchmark];
