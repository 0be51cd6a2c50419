/**
 * Flow control per key (`rate`, `parallelism`, `period`; docs/protocol/flow-control.md#admission):
 * at most `parallelism` deliveries of a key in flight, at most `rate` started per rate period
 * (default one second; the period starts with the first start after the previous one ended).
 * Messages of a key wait in their own FIFO list, so a throttled key never holds up another one; one
 * timer per throttled key wakes its list when the period ends.
 *
 * The flow-control API acts on the same state: a paused key starts nothing (its wait list
 * grows); a pinned parallelism or rate wins over what messages ask for until unpinned;
 * resetting the rate starts a fresh period now. A key's settings are plain data
 * (`FlowKeySettings`), apart from its wait list and timer.
 */
import type { FlowControl } from '../../api/publish-options.js';
import type { Clock } from '../clock.js';
import { discard, type RecordSink } from '../stores/record-sink.js';
import { WaitList } from './wait-list.js';

const defaultPeriodMs = 1000;

/** What a key is set to and how far its rate period has got: plain data. */
export interface FlowKeySettings {
	key: string;
	parallelism: number | undefined;
	rate: number | undefined;
	periodMs: number | undefined;
	pinnedParallelism: boolean;
	pinnedRate: boolean;
	paused: boolean;
	/** Unix ms when the current rate period started. */
	ratePeriodStart: number;
	/** Deliveries started in the current rate period. */
	rateCount: number;
}

/** A key as GET /v2/flowControl/{key} shows it. */
export interface FlowKeyInfo {
	flowControlKey: string;
	waitListSize: number;
	parallelismMax: number;
	parallelismCount: number;
	rateMax: number;
	rateCount: number;
	/** Seconds. */
	ratePeriod: number;
	/** Unix seconds. */
	ratePeriodStart: number;
	isPinnedParallelism: boolean;
	isPinnedRate: boolean;
	isPaused: boolean;
}

export interface PinRequest {
	parallelism?: number;
	rate?: number;
	periodMs?: number;
}

interface KeyState<T> {
	settings: FlowKeySettings;
	queue: WaitList<T>;
	active: number;
	timer: NodeJS.Timeout | undefined;
}

export class FlowGate<T extends { flow: FlowControl | undefined }> {
	private readonly keys = new Map<string, KeyState<T>>();

	/**
	 * @param launch starts a delivery the gate admitted.
	 * @param sink told of the keys set through the API (paused or pinned), which outlive their messages.
	 */
	constructor(
		private readonly clock: Clock,
		private readonly launch: (item: T) => void,
		private readonly sink: RecordSink<FlowKeySettings> = discard(),
	) {}

	/** Admits `item` now if its key allows, otherwise queues it behind the key's others. */
	submit(item: T): void {
		const flow = item.flow;
		if (!flow) {
			this.launch(item);
			return;
		}
		const state = this.state(flow.key);
		const s = state.settings;
		if (!s.pinnedParallelism) s.parallelism = flow.parallelism;
		if (!s.pinnedRate) {
			s.rate = flow.rate;
			s.periodMs = flow.periodMs;
		}
		state.queue.push(item);
		this.pump(state);
	}

	/** Tells the gate a delivery it admitted has ended. */
	done(item: T): void {
		const key = item.flow?.key;
		const state = key === undefined ? undefined : this.keys.get(key);
		if (!state) return;
		state.active--;
		this.pump(state);
	}

	/** Takes a still-queued item out (a cancelled message). */
	withdraw(item: T): boolean {
		const state = item.flow ? this.keys.get(item.flow.key) : undefined;
		if (!state) return false;
		if (!state.queue.delete(item)) return false;
		this.compact(state);
		return true;
	}

	pause(key: string): void {
		const state = this.state(key);
		state.settings.paused = true;
		this.saved(state);
	}

	/** False when the key is unknown (nothing to resume). */
	resume(key: string): boolean {
		const state = this.keys.get(key);
		if (!state) return false;
		state.settings.paused = false;
		this.saved(state);
		this.pump(state);
		return true;
	}

	/** Pins what is given; pinning starts a fresh rate period, as the deployed service does. */
	pin(key: string, pin: PinRequest): void {
		const state = this.state(key);
		const s = state.settings;
		if (pin.parallelism !== undefined) {
			s.parallelism = pin.parallelism;
			s.pinnedParallelism = true;
		}
		if (pin.rate !== undefined || pin.periodMs !== undefined) {
			if (pin.rate !== undefined) s.rate = pin.rate;
			if (pin.periodMs !== undefined) s.periodMs = pin.periodMs;
			s.pinnedRate = true;
		}
		this.saved(state);
		this.restartPeriod(state);
	}

	/** The values stay as they were until a message brings others. False when the key is unknown. */
	unpin(key: string, which: { parallelism: boolean; rate: boolean }): boolean {
		const state = this.keys.get(key);
		if (!state) return false;
		if (which.parallelism) state.settings.pinnedParallelism = false;
		if (which.rate) state.settings.pinnedRate = false;
		this.saved(state);
		// Kept until its next delivery ends: until a message brings other values, the pinned ones hold.
		return true;
	}

	/** Ends the current rate period now. False when the key is unknown. */
	resetRate(key: string): boolean {
		const state = this.keys.get(key);
		if (!state) return false;
		this.restartPeriod(state);
		return true;
	}

	info(key: string): FlowKeyInfo | undefined {
		const state = this.keys.get(key);
		return state ? this.describe(state) : undefined;
	}

	/** Every key known now, by name; `search` keeps those whose name contains it. */
	list(search?: string): FlowKeyInfo[] {
		return [...this.keys.values()]
			.filter((state) => !search || state.settings.key.includes(search))
			.sort((a, b) => a.settings.key.localeCompare(b.settings.key))
			.map((state) => this.describe(state));
	}

	/** The settings of every key (plain data), e.g. to save them. */
	snapshot(): FlowKeySettings[] {
		return [...this.keys.values()].map((state) => ({ ...state.settings }));
	}

	/** Puts back the settings of keys that were kept (their sink is not told). */
	restore(settings: readonly FlowKeySettings[]): void {
		for (const s of settings) {
			const state = this.state(s.key);
			state.settings = { ...s };
		}
	}

	close(): void {
		for (const state of this.keys.values()) clearTimeout(state.timer);
		this.keys.clear();
	}

	private state(key: string): KeyState<T> {
		let state = this.keys.get(key);
		if (!state) {
			state = {
				settings: {
					key,
					parallelism: undefined,
					rate: undefined,
					periodMs: undefined,
					pinnedParallelism: false,
					pinnedRate: false,
					paused: false,
					ratePeriodStart: this.clock.now(),
					rateCount: 0,
				},
				queue: new WaitList(),
				active: 0,
				timer: undefined,
			};
			this.keys.set(key, state);
		}
		return state;
	}

	/** Tells the sink about a key the API changed: kept while paused or pinned, forgotten after. */
	private saved(state: KeyState<T>): void {
		const s = state.settings;
		if (s.paused || s.pinnedParallelism || s.pinnedRate) this.sink.put(s.key, s);
		else this.sink.delete(s.key);
	}

	private describe(state: KeyState<T>): FlowKeyInfo {
		const s = state.settings;
		const now = this.clock.now();
		const period = s.periodMs ?? defaultPeriodMs;
		const current = now < s.ratePeriodStart + period;
		return {
			flowControlKey: s.key,
			waitListSize: state.queue.size,
			parallelismMax: s.parallelism ?? 0,
			parallelismCount: state.active,
			rateMax: s.rate ?? 0,
			rateCount: current ? s.rateCount : 0,
			ratePeriod: Math.round(period / 1000),
			ratePeriodStart: Math.floor((current ? s.ratePeriodStart : now) / 1000),
			isPinnedParallelism: s.pinnedParallelism,
			isPinnedRate: s.pinnedRate,
			isPaused: s.paused,
		};
	}

	private restartPeriod(state: KeyState<T>): void {
		state.settings.ratePeriodStart = this.clock.now();
		state.settings.rateCount = 0;
		clearTimeout(state.timer);
		state.timer = undefined;
		this.pump(state);
	}

	private pump(state: KeyState<T>): void {
		const s = state.settings;
		while (!s.paused && state.queue.size > 0) {
			if (s.parallelism !== undefined && state.active >= s.parallelism) break;
			const now = this.clock.now();
			const period = s.periodMs ?? defaultPeriodMs;
			if (now >= s.ratePeriodStart + period) {
				s.ratePeriodStart = now;
				s.rateCount = 0;
			}
			if (s.rate !== undefined && s.rateCount >= s.rate) {
				this.wakeAt(state, s.ratePeriodStart + period - now);
				break;
			}
			const item = state.queue.shift()!;
			state.active++;
			s.rateCount++;
			this.launch(item);
		}
		this.compact(state);
	}

	private wakeAt(state: KeyState<T>, waitMs: number): void {
		if (state.timer) return;
		state.timer = setTimeout(
			() => {
				state.timer = undefined;
				this.pump(state);
			},
			Math.max(1, waitMs),
		);
		state.timer.unref();
	}

	private compact(state: KeyState<T>): void {
		const s = state.settings;
		if (state.queue.size > 0 || state.active > 0 || state.timer) return;
		if (s.paused || s.pinnedParallelism || s.pinnedRate) return;
		// An idle key is forgotten once its rate period no longer counts recent starts.
		const now = this.clock.now();
		const ends = s.ratePeriodStart + (s.periodMs ?? defaultPeriodMs);
		if (s.rateCount === 0 || ends <= now) this.keys.delete(s.key);
		else this.wakeAt(state, ends - now);
	}
}
