/**
 * Hands each item to `onDue` at its `dueAt`, with one timer armed for the earliest item of a
 * min-heap (never a timer or an interval per item). A burst of due items is handed over in
 * slices so that the event loop keeps serving requests meanwhile.
 */
import type { Clock } from '../clock.js';
import { type HeapItem, MinHeap } from './min-heap.js';

/** Longest single sleep: a bound on how late a clock jump (suspend, injected clock) is noticed. */
const maxSleepMs = 60_000;
/** Items handed over per turn of the event loop. */
const sliceSize = 512;

export class Scheduler<T extends HeapItem> {
	private readonly heap = new MinHeap<T>();
	private timer: NodeJS.Timeout | undefined;
	/** Set instead of the timer when the earliest item is already due. */
	private immediate: NodeJS.Immediate | undefined;
	private armedFor = Number.POSITIVE_INFINITY;
	private closed = false;

	constructor(
		private readonly clock: Clock,
		private readonly onDue: (item: T) => void,
	) {}

	get size(): number {
		return this.heap.size;
	}

	/** Schedules `item` at its dueAt, or moves it there if already scheduled. */
	schedule(item: T): void {
		if (this.closed) return;
		this.heap.push(item);
		if (item.dueAt < this.armedFor) this.arm();
	}

	unschedule(item: T): boolean {
		return this.heap.remove(item);
	}

	close(): void {
		this.closed = true;
		this.disarm();
		this.heap.clear();
	}

	private disarm(): void {
		clearTimeout(this.timer);
		clearImmediate(this.immediate);
		this.timer = undefined;
		this.immediate = undefined;
		this.armedFor = Number.POSITIVE_INFINITY;
	}

	private arm(): void {
		this.disarm();
		const next = this.heap.peek();
		if (!next || this.closed) return;
		const wait = Math.min(maxSleepMs, Math.max(0, next.dueAt - this.clock.now()));
		this.armedFor = next.dueAt;
		if (wait === 0) {
			// Due now: right after pending I/O, not after the timer's 1 ms granularity.
			this.immediate = setImmediate(() => this.fire());
			this.immediate.unref();
			return;
		}
		this.timer = setTimeout(() => this.fire(), wait);
		this.timer.unref();
	}

	private fire(): void {
		this.timer = undefined;
		this.immediate = undefined;
		this.armedFor = Number.POSITIVE_INFINITY;
		const now = this.clock.now();
		for (let handed = 0; handed < sliceSize; handed++) {
			const next = this.heap.peek();
			if (!next || next.dueAt > now) break;
			this.heap.pop();
			this.onDue(next);
		}
		// More may be due: arm() continues with setImmediate, after pending I/O.
		this.arm();
	}
}
