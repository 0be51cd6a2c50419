/**
 * A level over time (vector count, data size): the value at any past instant is the last one
 * set at or before it. Changes older than the longest period are folded into one.
 */
import type { Snapshotting } from './snapshot.js';

const retentionMs = 31 * 86_400_000;

export class Gauge implements Snapshotting {
	private readonly times: number[] = [];
	private readonly values: number[] = [];

	constructor(private initial = 0) {}

	set(t: number, value: number): void {
		const last = this.times.length - 1;
		if (last >= 0 && this.times[last] === t) {
			this.values[last] = value;
		} else {
			this.times.push(t);
			this.values.push(value);
		}
		this.prune(t);
	}

	get current(): number {
		return this.values.at(-1) ?? this.initial;
	}

	/** The value in force at `t`. */
	at(t: number): number {
		let lo = 0;
		let hi = this.times.length - 1;
		let found = -1;
		while (lo <= hi) {
			const mid = (lo + hi) >> 1;
			if (this.times[mid]! <= t) {
				found = mid;
				lo = mid + 1;
			} else {
				hi = mid - 1;
			}
		}
		return found < 0 ? this.initial : this.values[found]!;
	}

	snapshot(): { initial: number; times: number[]; values: number[] } {
		return { initial: this.initial, times: [...this.times], values: [...this.values] };
	}

	restore(data: unknown): void {
		const d = data as { initial?: unknown; times?: unknown; values?: unknown };
		if (typeof d?.initial !== 'number' || !Array.isArray(d.times) || !Array.isArray(d.values)) return;
		if (d.times.length !== d.values.length) return;
		this.initial = d.initial;
		this.times.splice(0, this.times.length, ...d.times.map(Number));
		this.values.splice(0, this.values.length, ...d.values.map(Number));
	}

	private prune(now: number): void {
		let drop = 0;
		while (drop < this.times.length - 1 && this.times[drop + 1]! <= now - retentionMs) drop++;
		if (drop > 0) {
			this.initial = this.values[drop - 1]!;
			this.times.splice(0, drop);
			this.values.splice(0, drop);
		}
	}
}
