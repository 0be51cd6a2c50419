/**
 * Flow control per key (decisions.md: `rate`, `parallelism`, `period`): at most `parallelism`
 * deliveries of a key in flight, at most `rate` started per `period` (default one second).
 * Messages of a key wait in their own FIFO queue, so a throttled key never holds up another
 * one; one timer per throttled key wakes its queue when the rate window opens.
 */
import type { FlowControl } from '../../api/publish-options.js';
import type { Clock } from '../clock.js';

const defaultPeriodMs = 1000;

interface KeyState<T> {
	queue: T[];
	head: number;
	active: number;
	/** Start times within the current rate window, oldest first. */
	starts: number[];
	timer: NodeJS.Timeout | undefined;
	/** The limits of the most recent message of the key. */
	flow: FlowControl;
}

export class FlowGate<T extends { flow: FlowControl | undefined }> {
	private readonly keys = new Map<string, KeyState<T>>();

	/** @param launch starts a delivery the gate admitted. */
	constructor(
		private readonly clock: Clock,
		private readonly launch: (item: T) => void,
	) {}

	/** Admits `item` now if its key allows, otherwise queues it behind the key's others. */
	submit(item: T): void {
		const flow = item.flow;
		if (!flow) {
			this.launch(item);
			return;
		}
		let state = this.keys.get(flow.key);
		if (!state) {
			state = { queue: [], head: 0, active: 0, starts: [], timer: undefined, flow };
			this.keys.set(flow.key, state);
		}
		state.flow = flow;
		state.queue.push(item);
		this.pump(flow.key, state);
	}

	/** Tells the gate a delivery it admitted has ended. */
	done(item: T): void {
		const key = item.flow?.key;
		const state = key === undefined ? undefined : this.keys.get(key);
		if (!state || key === undefined) return;
		state.active--;
		this.pump(key, state);
	}

	/** Takes a still-queued item out (a cancelled message). */
	withdraw(item: T): boolean {
		const state = item.flow ? this.keys.get(item.flow.key) : undefined;
		if (!state) return false;
		const at = state.queue.indexOf(item, state.head);
		if (at < 0) return false;
		state.queue.splice(at, 1);
		return true;
	}

	close(): void {
		for (const state of this.keys.values()) clearTimeout(state.timer);
		this.keys.clear();
	}

	private pump(key: string, state: KeyState<T>): void {
		const { rate, parallelism } = state.flow;
		const period = state.flow.periodMs ?? defaultPeriodMs;
		while (state.head < state.queue.length) {
			if (parallelism !== undefined && state.active >= parallelism) break;
			const now = this.clock.now();
			while (state.starts.length > 0 && state.starts[0]! <= now - period) state.starts.shift();
			if (rate !== undefined && state.starts.length >= rate) {
				this.wakeAt(key, state, state.starts[0]! + period - now);
				break;
			}
			const item = state.queue[state.head++]!;
			state.active++;
			if (rate !== undefined) state.starts.push(now);
			this.launch(item);
		}
		this.compact(key, state);
	}

	private wakeAt(key: string, state: KeyState<T>, waitMs: number): void {
		if (state.timer) return;
		state.timer = setTimeout(
			() => {
				state.timer = undefined;
				this.pump(key, state);
			},
			Math.max(1, waitMs),
		);
		state.timer.unref();
	}

	private compact(key: string, state: KeyState<T>): void {
		if (state.head > 1024 && state.head * 2 > state.queue.length) {
			state.queue.splice(0, state.head);
			state.head = 0;
		}
		if (state.head >= state.queue.length && state.active === 0 && !state.timer) {
			state.queue.length = 0;
			state.head = 0;
			// An idle key is forgotten once its rate window no longer counts recent starts.
			const now = this.clock.now();
			const period = state.flow.periodMs ?? defaultPeriodMs;
			const newest = state.starts.at(-1);
			if (newest === undefined || newest <= now - period) this.keys.delete(key);
			else this.wakeAt(key, state, newest + period - now);
		}
	}
}
