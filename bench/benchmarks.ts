import { receiverBenchmark } from './receiver.js';
import type { Benchmark } from './report.js';

/** Every benchmark `npm run bench` runs; each lives in its own module beside this one. */
export const benchmarks: Benchmark[] = [receiverBenchmark];
