/**
 * Time-bucketed aggregation, kept at three resolutions so that every statistics period can be
 * answered from few buckets: minutes (periods up to 7d, whose spacings are whole minutes),
 * three hours (the 30d period) and UTC days (the daily series of the month). Pure data
 * structure: the caller passes every timestamp, so an injected clock works unchanged.
 */
import { pairsOf, type Snapshotting } from './snapshot.js';

export const minuteMs = 60_000;
export const threeHoursMs = 3 * 3_600_000;
export const dayMs = 86_400_000;

interface Resolution {
	ms: number;
	/** Buckets older than this are dropped. */
	retentionMs: number;
}

const resolutions: readonly Resolution[] = [
	{ ms: minuteMs, retentionMs: 7 * dayMs + 2 * 3_600_000 },
	{ ms: threeHoursMs, retentionMs: 31 * dayMs },
	{ ms: dayMs, retentionMs: 63 * dayMs },
];

/** How values of one kind are made and combined. */
export interface BucketKind<V> {
	empty(): V;
	/** Combines `from` into `into` and returns the result (may mutate `into`). */
	merge(into: V, from: V): V;
	/** The value as plain data (the default keeps it as it is), and back; undefined when unreadable. */
	toData?(value: V): unknown;
	fromData?(data: unknown): V | undefined;
}

class Layer<V> {
	readonly buckets = new Map<number, V>();
	private newestKey = Number.NEGATIVE_INFINITY;

	constructor(readonly resolution: Resolution) {}

	update(t: number, kind: BucketKind<V>, change: (value: V) => V): void {
		const key = Math.floor(t / this.resolution.ms);
		this.buckets.set(key, change(this.buckets.get(key) ?? kind.empty()));
		if (key > this.newestKey) {
			this.newestKey = key;
			this.prune(key);
		}
	}

	/** Buckets kept from before, merged into what is here. */
	restore(pairs: [number, unknown][], kind: BucketKind<V>): void {
		for (const [key, data] of pairs) {
			const value = kind.fromData ? kind.fromData(data) : (data as V);
			if (value === undefined) continue;
			const here = this.buckets.get(key);
			this.buckets.set(key, here === undefined ? value : kind.merge(here, value));
			if (key > this.newestKey) this.newestKey = key;
		}
		this.prune(this.newestKey);
	}

	private prune(newestKey: number): void {
		const oldest = newestKey - Math.ceil(this.resolution.retentionMs / this.resolution.ms);
		// Keys arrive mostly in increasing order, so the stale ones sit at the front of the Map.
		for (const key of this.buckets.keys()) {
			if (key >= oldest) break;
			this.buckets.delete(key);
		}
	}
}

export class TimeBuckets<V> implements Snapshotting {
	private readonly layers: Layer<V>[];

	constructor(private readonly kind: BucketKind<V>) {
		this.layers = resolutions.map((r) => new Layer<V>(r));
	}

	/** Applies `change` to the bucket holding `t` at every resolution. */
	update(t: number, change: (value: V) => V): void {
		for (const layer of this.layers) layer.update(t, this.kind, change);
	}

	/** Per resolution, the `[bucket, value]` pairs held. */
	snapshot(): [number, unknown][][] {
		const toData = this.kind.toData;
		return this.layers.map((layer) =>
			[...layer.buckets].map(([key, value]): [number, unknown] => [key, toData ? toData(value) : value]),
		);
	}

	restore(data: unknown): void {
		if (!Array.isArray(data)) return;
		this.layers.forEach((layer, i) => {
			layer.restore(pairsOf(data[i]), this.kind);
		});
	}

	/**
	 * The merged value of [from, to). Uses the coarsest resolution whose buckets tile the range
	 * exactly; both ends must be whole minutes.
	 */
	fold(from: number, to: number): V {
		const layer =
			this.layers
				.slice()
				.reverse()
				.find((l) => from % l.resolution.ms === 0 && to % l.resolution.ms === 0) ?? this.layers[0]!;
		const ms = layer.resolution.ms;
		let acc = this.kind.empty();
		for (let key = Math.floor(from / ms); key < Math.ceil(to / ms); key++) {
			const value = layer.buckets.get(key);
			if (value !== undefined) acc = this.kind.merge(acc, value);
		}
		return acc;
	}
}

const sumKind: BucketKind<number> = {
	empty: () => 0,
	merge: (a, b) => a + b,
	fromData: (data) => (typeof data === 'number' && Number.isFinite(data) ? data : undefined),
};

/** A count or amount over time (requests, messages, bytes). */
export class Counter implements Snapshotting {
	private readonly buckets = new TimeBuckets<number>(sumKind);

	add(t: number, amount = 1): void {
		if (amount === 0) return;
		this.buckets.update(t, (v) => v + amount);
	}

	sum(from: number, to: number): number {
		return this.buckets.fold(from, to);
	}

	snapshot(): unknown {
		return this.buckets.snapshot();
	}

	restore(data: unknown): void {
		this.buckets.restore(data);
	}
}
