/**
 * A speed trick stays only where `npm run bench` shows what it buys (bench/README.md): for its
 * runs without one, the benchmark names it in MQTOP_BENCH_WITHOUT (a comma-separated list), and
 * the code takes the plain path there. Nothing else sets it.
 */
export type SpeedTrick = 'frame-composer' | 'code-cache' | 'simd-kernels';

export function benchWithout(trick: SpeedTrick, env: NodeJS.ProcessEnv = process.env): boolean {
	return env.MQTOP_BENCH_WITHOUT?.split(',').includes(trick) === true;
}
