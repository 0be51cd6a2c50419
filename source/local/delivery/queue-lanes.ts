/**
 * Queues in delivery (docs/protocol/queues.md#order-and-parallelism; the vendor's queue page): the
 * due messages of a queue leave it in order, at most `parallelism` in progress at once, none while
 * it is paused. A message holds its slot from its first attempt until it is delivered, failed or
 * cancelled, so the next one waits for the retries of the current one. The settings come from the
 * queue store; this keeps only what is in motion.
 */
import { WaitList } from './wait-list.js';

export interface LaneItem {
	queueName: string | undefined;
	holdsQueueSlot: boolean;
}

export interface LaneSettings {
	parallelism: number;
	paused: boolean;
}

interface Lane<T> {
	waiting: WaitList<T>;
	/** Messages holding a slot. */
	active: number;
	/** Messages of the queue not yet delivered, failed or cancelled (its lag). */
	pending: number;
}

export class QueueLanes<T extends LaneItem> {
	private readonly lanes = new Map<string, Lane<T>>();

	/**
	 * @param settings the queue's settings now; undefined for a queue that no longer exists,
	 *   whose messages then go on as if it had parallelism 1.
	 * @param launch hands a message that got its slot on to flow control.
	 */
	constructor(
		private readonly settings: (name: string) => LaneSettings | undefined,
		private readonly launch: (item: T) => void,
	) {}

	/** Counts a message accepted into its queue (its lag), and the slot it holds if it holds one. */
	added(item: T): void {
		if (item.queueName === undefined) return;
		const lane = this.lane(item.queueName);
		lane.pending++;
		if (item.holdsQueueSlot) lane.active++;
	}

	/** A due message of a queue: it starts if the queue allows, otherwise waits its turn. */
	submit(item: T & { queueName: string }): void {
		const lane = this.lane(item.queueName);
		lane.waiting.push(item);
		this.pump(item.queueName, lane);
	}

	/** A message of a queue is delivered, failed or cancelled: its slot and its place go. */
	finished(item: T): void {
		const name = item.queueName;
		const lane = name === undefined ? undefined : this.lanes.get(name);
		if (!lane || name === undefined) return;
		lane.pending--;
		if (item.holdsQueueSlot) {
			item.holdsQueueSlot = false;
			lane.active--;
		}
		this.pump(name, lane);
	}

	/** Takes a waiting message out (a cancelled one). */
	withdraw(item: T): boolean {
		const lane = item.queueName === undefined ? undefined : this.lanes.get(item.queueName);
		if (!lane) return false;
		return lane.waiting.delete(item);
	}

	/** Starts what the queue now allows (after a resume or a larger parallelism). */
	wake(name: string): void {
		const lane = this.lanes.get(name);
		if (lane) this.pump(name, lane);
	}

	lag(name: string): number {
		return this.lanes.get(name)?.pending ?? 0;
	}

	private lane(name: string): Lane<T> {
		let lane = this.lanes.get(name);
		if (!lane) {
			lane = { waiting: new WaitList(), active: 0, pending: 0 };
			this.lanes.set(name, lane);
		}
		return lane;
	}

	private pump(name: string, lane: Lane<T>): void {
		const settings = this.settings(name) ?? { parallelism: 1, paused: false };
		while (!settings.paused && lane.waiting.size > 0 && lane.active < settings.parallelism) {
			const item = lane.waiting.shift()!;
			item.holdsQueueSlot = true;
			lane.active++;
			this.launch(item);
		}
		if (lane.waiting.size === 0 && lane.active === 0 && lane.pending === 0) this.lanes.delete(name);
	}
}
