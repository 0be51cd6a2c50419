/**
 * What the stores with a cap drop to make room, said where the operator sees it (the notices
 * of `mqtop serve` on stderr): the first eviction of a store at once, with what goes from then
 * on, then a count at most once a minute while it goes on, and a total at stop. Never silent,
 * never a line per record.
 */
import type { Clock } from '../clock.js';

/** What a store with a cap tells when it drops records. */
export interface EvictionReporter {
	/** `count` records of `store` were dropped; `why` says which ones go, and by what limit. */
	evicted(store: string, count: number, why: string): void;
}

export const noEvictionReport: EvictionReporter = { evicted() {} };

const summaryEveryMs = 60_000;

interface Tally {
	total: number;
	/** Dropped since it was last said. */
	unsaid: number;
	saidAt: number;
}

export class Evictions implements EvictionReporter {
	private readonly tallies = new Map<string, Tally>();

	constructor(
		private readonly clock: Clock,
		private readonly notice: (text: string) => void,
	) {}

	evicted(store: string, count: number, why: string): void {
		if (count <= 0) return;
		const now = this.clock.now();
		const tally = this.tallies.get(store);
		if (!tally) {
			this.tallies.set(store, { total: count, unsaid: 0, saidAt: now });
			this.notice(`${store}: ${why}; ${count} dropped so far (said again at most once a minute)`);
			return;
		}
		tally.total += count;
		tally.unsaid += count;
		if (now - tally.saidAt < summaryEveryMs) return;
		this.notice(`${store}: ${tally.unsaid} more dropped (${why}); ${tally.total} since the start`);
		tally.unsaid = 0;
		tally.saidAt = now;
	}

	/** Records dropped per store since the start. */
	totals(): Record<string, number> {
		return Object.fromEntries([...this.tallies].map(([store, tally]) => [store, tally.total]));
	}
}
