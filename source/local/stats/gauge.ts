/**
 * A level over time (vector count, data size): the value at any past instant is the last one
 * set at or before it. Changes older than the longest period are folded into one.
 */
const retentionMs = 31 * 86_400_000;

export class Gauge {
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
