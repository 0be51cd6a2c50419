/**
 * Latency over time: per bucket a count, a sum and a log-scale histogram, so an interval's
 * mean is exact and its 99th percentile is within the histogram's 5% relative resolution,
 * whatever the number of samples (memory does not grow with traffic).
 */
import { pairsOf, type Snapshotting } from './snapshot.js';
import { type BucketKind, TimeBuckets } from './time-buckets.js';

interface LatencyValue {
	count: number;
	sum: number;
	histogram: Map<number, number>;
}

const growth = 1.05;
const logGrowth = Math.log(growth);
/** Bin 0 holds everything at or below this many milliseconds. */
const floorMs = 0.01;

function binOf(ms: number): number {
	return ms <= floorMs ? 0 : Math.ceil(Math.log(ms / floorMs) / logGrowth);
}

function upperBoundOf(bin: number): number {
	return floorMs * growth ** bin;
}

const latencyKind: BucketKind<LatencyValue> = {
	empty: () => ({ count: 0, sum: 0, histogram: new Map() }),
	merge(into, from) {
		into.count += from.count;
		into.sum += from.sum;
		for (const [bin, n] of from.histogram) into.histogram.set(bin, (into.histogram.get(bin) ?? 0) + n);
		return into;
	},
	toData: (v) => ({ count: v.count, sum: v.sum, histogram: [...v.histogram] }),
	fromData(data) {
		const d = data as { count?: unknown; sum?: unknown; histogram?: unknown };
		if (typeof d?.count !== 'number' || typeof d.sum !== 'number') return undefined;
		return { count: d.count, sum: d.sum, histogram: new Map(pairsOf(d.histogram) as [number, number][]) };
	},
};

export class LatencyRecorder implements Snapshotting {
	private readonly buckets = new TimeBuckets<LatencyValue>(latencyKind);

	record(t: number, latencyMs: number): void {
		if (!Number.isFinite(latencyMs) || latencyMs < 0) return;
		const bin = binOf(latencyMs);
		this.buckets.update(t, (v) => {
			v.count++;
			v.sum += latencyMs;
			v.histogram.set(bin, (v.histogram.get(bin) ?? 0) + 1);
			return v;
		});
	}

	snapshot(): unknown {
		return this.buckets.snapshot();
	}

	restore(data: unknown): void {
		this.buckets.restore(data);
	}

	/** Mean latency of [from, to) in ms; 0 when nothing was recorded. */
	mean(from: number, to: number): number {
		const v = this.buckets.fold(from, to);
		return v.count === 0 ? 0 : v.sum / v.count;
	}

	/** The p-th percentile (0..100) of [from, to) in ms (upper bound of its bin); 0 when empty. */
	percentile(from: number, to: number, p: number): number {
		const v = this.buckets.fold(from, to);
		if (v.count === 0) return 0;
		const rank = Math.max(1, Math.ceil((p / 100) * v.count));
		let seen = 0;
		for (const bin of [...v.histogram.keys()].sort((a, b) => a - b)) {
			seen += v.histogram.get(bin)!;
			if (seen >= rank) return upperBoundOf(bin);
		}
		return 0;
	}
}
