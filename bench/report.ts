/** What a benchmark reports: measured values next to a baseline measured in the same run. */
export interface BenchLine {
	metric: string;
	value: number;
	unit: string;
	/** The same metric of the baseline, when this line has one. */
	baseline?: number;
	/** The target, as text, e.g. ">= 0.5x baseline" or "< 25 ms". */
	target?: string;
	/** Whether the target was met; undefined when there is no target. */
	met?: boolean;
}

export interface Benchmark {
	name: string;
	/**
	 * The most time it may take: the runner's watchdog (bench/watchdog.ts) fails it and kills its
	 * processes when it has not ended by then. Each is stated in the README and printed with its name.
	 */
	limitMs: number;
	run(): Promise<BenchLine[]>;
}

/** A benchmark's name as printed before its lines, with its watchdog's limit. */
export function formatHeading(bench: Pick<Benchmark, 'name' | 'limitMs'>): string {
	const minutes = bench.limitMs / 60_000;
	const limit = minutes >= 1 ? `${+minutes.toFixed(1)} min` : `${+(bench.limitMs / 1000).toFixed(1)} s`;
	return `${bench.name} (ends within ${limit}, or fails)\n`;
}

export function formatLines(lines: BenchLine[]): string {
	const rows = lines.map((l) => {
		const ratio = l.baseline
			? ` (${(l.value / l.baseline).toFixed(2)}x baseline ${round(l.baseline)} ${l.unit})`
			: '';
		const target = l.target ? `  target ${l.target}: ${l.met ? 'met' : 'NOT met'}` : '';
		return `  ${l.metric.padEnd(44)} ${round(l.value)} ${l.unit}${ratio}${target}`;
	});
	return `${rows.join('\n')}\n`;
}

function round(n: number): string {
	return Math.abs(n) >= 100 ? n.toFixed(0) : n.toPrecision(3);
}

/** The p-th percentile (0..100) of samples, by nearest rank. */
export function percentile(samples: number[], p: number): number {
	if (samples.length === 0) return Number.NaN;
	const sorted = [...samples].sort((a, b) => a - b);
	const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
	return sorted[rank]!;
}
