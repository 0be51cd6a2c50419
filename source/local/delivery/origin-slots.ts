/**
 * Delivery slots shared fairly between destinations. At most `global` deliveries are in flight
 * (the account's max_global_parallelism), and at most `perOrigin` to one origin (scheme, host
 * and port), so a destination that never answers (an app stopped at a breakpoint) holds only
 * its own share and the others go on at once. When slots are short, the origins that wait take
 * the free ones in turn, one delivery each, so a destination with a thousand messages waiting
 * does not go before one with a single message. The HTTP client opens as many connections to
 * an origin as it may have deliveries in flight (service.ts), so none waits unattempted there.
 */
import type { PlanLimits } from '../account/limits.js';
import { deliveryTarget } from './target.js';
import { WaitList } from './wait-list.js';

/**
 * Deliveries one origin may have in flight: as many as a flow-control key or a queue may ask
 * for (max_parallelism), and never more than half the global parallelism (at least one).
 */
export function originParallelism(
	limits: Pick<PlanLimits, 'max_parallelism' | 'max_global_parallelism'>,
): number {
	const half = Math.ceil(limits.max_global_parallelism / 2);
	return Math.max(Math.min(limits.max_parallelism, half), Math.min(1, limits.max_global_parallelism));
}

/** The key an HTTP client pools connections by; the URL itself when it does not parse. */
export function originOf(url: string): string {
	return deliveryTarget(url)?.origin ?? url;
}

interface Origin<T> {
	key: string;
	waiting: WaitList<T>;
	active: number;
	/** In the turn order of origins that wait for a slot. */
	queued: boolean;
}

export class OriginSlots<T> {
	private readonly origins = new Map<string, Origin<T>>();
	/** Where each item waiting or in flight belongs. */
	private readonly placed = new Map<T, Origin<T>>();
	/** Origins with an item waiting and room under their own cap, in turn order. */
	private readonly turns: Origin<T>[] = [];
	private turnsHead = 0;
	private active = 0;

	/**
	 * @param caps the global and per-origin caps now.
	 * @param originOfItem the origin an item goes to (originOf its URL).
	 * @param start sends an item that got its slot; `done` gives the slot back.
	 */
	constructor(
		private readonly caps: { global: number; perOrigin: number },
		private readonly originOfItem: (item: T) => string,
		private readonly start: (item: T) => void,
	) {}

	get inFlight(): number {
		return this.active;
	}

	/** Starts `item` now if its origin and the account have a slot, otherwise it waits its turn. */
	submit(item: T): void {
		const key = this.originOfItem(item);
		let origin = this.origins.get(key);
		if (!origin) {
			origin = { key, waiting: new WaitList(), active: 0, queued: false };
			this.origins.set(key, origin);
		}
		this.placed.set(item, origin);
		origin.waiting.push(item);
		this.enqueue(origin);
		this.pump();
	}

	/** Gives back the slot of an item that was started. */
	done(item: T): void {
		const origin = this.placed.get(item);
		if (!origin) return;
		this.placed.delete(item);
		this.active--;
		origin.active--;
		this.enqueue(origin);
		this.pump();
		this.forgetIfIdle(origin);
	}

	/** Takes a waiting item out (a cancelled message); false when it is not waiting here. */
	withdraw(item: T): boolean {
		const origin = this.placed.get(item);
		if (!origin) return false;
		if (!origin.waiting.delete(item)) return false;
		this.placed.delete(item);
		this.forgetIfIdle(origin);
		return true;
	}

	/** Puts an origin in the turn order if it has an item waiting and room under its cap. */
	private enqueue(origin: Origin<T>): void {
		if (origin.queued || origin.waiting.size === 0 || origin.active >= this.caps.perOrigin) return;
		origin.queued = true;
		this.turns.push(origin);
	}

	private pump(): void {
		while (this.active < this.caps.global && this.turnsHead < this.turns.length) {
			const origin = this.turns[this.turnsHead++]!;
			origin.queued = false;
			// Withdrawn items may have emptied it since it took its place.
			if (origin.waiting.size === 0) {
				this.forgetIfIdle(origin);
				continue;
			}
			const item = origin.waiting.shift()!;
			origin.active++;
			this.active++;
			// To the back of the turn order: one delivery per origin per turn.
			this.enqueue(origin);
			this.start(item);
		}
		if (this.turnsHead > 1024 && this.turnsHead * 2 > this.turns.length) {
			this.turns.splice(0, this.turnsHead);
			this.turnsHead = 0;
		}
	}

	private forgetIfIdle(origin: Origin<T>): void {
		if (origin.active > 0 || origin.waiting.size > 0 || origin.queued) return;
		this.origins.delete(origin.key);
	}
}
