/**
 * What the service's caps evicted, said rather than done silently: the first eviction of a kind
 * at once, then what followed counted and said once a window has passed (a flood makes a line
 * every few seconds, not a line per record), and every count since the start for the status
 * said when the server stops.
 */

/** A kind of eviction: the words for one and for several, e.g. `dead letter evicted`. */
export interface EvictedKind {
	/** The cap and why it evicts, e.g. `dead letter queue full (max_dlq_size 10000)`. */
	cap: string;
	one: string;
	many: string;
}

/** What a store that evicts is given: where to say it. */
export interface EvictionReporter {
	evicted(kind: EvictedKind): void;
}

export const evictSilently: EvictionReporter = { evicted: () => {} };

interface Tally {
	kind: EvictedKind;
	/** Since the start. */
	total: number;
	/** Not said yet. */
	pending: number;
}

const defaultWindowMs = 10_000;

function describe(kind: EvictedKind, count: number): string {
	return `${count.toLocaleString('en-US')} ${count === 1 ? kind.one : kind.many}`;
}

export class Evictions implements EvictionReporter {
	private readonly tallies = new Map<string, Tally>();
	private timer: NodeJS.Timeout | undefined;

	constructor(
		private readonly say: (line: string) => void,
		private readonly windowMs = defaultWindowMs,
	) {}

	evicted(kind: EvictedKind): void {
		const key = `${kind.cap}\n${kind.one}`;
		let tally = this.tallies.get(key);
		if (!tally) {
			tally = { kind, total: 0, pending: 0 };
			this.tallies.set(key, tally);
		}
		tally.total++;
		// The first of its kind is said at once; the others wait for the window to end.
		if (this.timer && tally.total > 1) {
			tally.pending++;
			return;
		}
		this.say(`${kind.cap}: ${describe(kind, 1)}`);
		if (!this.timer) this.startWindow();
	}

	/** Every eviction since the start, a line per cap: what the server's status says. */
	summary(): string[] {
		const byCap = new Map<string, string[]>();
		for (const { kind, total } of this.tallies.values()) {
			const parts = byCap.get(kind.cap) ?? [];
			parts.push(describe(kind, total));
			byCap.set(kind.cap, parts);
		}
		return [...byCap].map(([cap, parts]) => `${cap}: ${parts.join(', ')}`);
	}

	/** Says what is still pending, now. */
	close(): void {
		clearTimeout(this.timer);
		this.timer = undefined;
		this.flush();
	}

	private startWindow(): void {
		this.timer = setTimeout(() => {
			this.timer = undefined;
			if (this.flush()) this.startWindow();
		}, this.windowMs);
		this.timer.unref();
	}

	/** Says what was counted since the last line; false when there was nothing. */
	private flush(): boolean {
		let said = false;
		for (const tally of this.tallies.values()) {
			if (tally.pending === 0) continue;
			this.say(
				`${tally.kind.cap}: ${describe(tally.kind, tally.pending)} in the last ${this.windowMs / 1000} s`,
			);
			tally.pending = 0;
			said = true;
		}
		return said;
	}
}
