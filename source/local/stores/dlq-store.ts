/**
 * The dead letter queue: failed messages with the last response of their destination. Ids are
 * `<unix ms>-<sequence>` (docs/protocol/dead-letters.md#dead-letter-ids). A record keeps the failed
 * message itself, so a retry publishes it again with everything it had.
 * max_dlq_retention_time_milis drops the oldest records as they age.
 *
 * max_dlq_size evicts, and says so: loop refusals (deliveries the service refused because they
 * came back to it, messages/hops.ts) go first, oldest first, and only when there are none does
 * the oldest of the developer's own dead letters go. A loop refusal never evicts one of those:
 * when the queue holds nothing else, the new refusal is not kept. So a flood of looping
 * deliveries cannot push out the failures a developer came to look at.
 */
import type { DlqRecord } from '../../api/schemas.js';
import { responseFields } from '../messages/log-entry.js';
import { messageResource, type StoredMessage } from '../messages/message.js';
import { type EvictionReporter, noEvictionReport } from './evictions.js';
import { discard, type RecordSink } from './record-sink.js';

export interface DestinationResponse {
	status: number;
	headers: Record<string, string[]>;
	body: Buffer;
}

/** One dead letter: plain data. */
export interface DeadLetter {
	dlqId: string;
	/** Unix ms when it failed. */
	addedAt: number;
	message: StoredMessage;
	/** The last answer of the destination; undefined when it never answered. */
	response: DestinationResponse | undefined;
	/** A delivery the service refused because it came back to it: evicted before the others. */
	loop?: true;
}

export interface DlqQuery {
	count: number;
	/** The dlqId to continue from. */
	cursor: string | undefined;
	matches: (letter: DeadLetter) => boolean;
}

export class DlqStore {
	/** Insertion order is age order: the oldest record comes first. */
	private readonly records = new Map<string, DeadLetter>();
	/** The ids of the loop refusals among them, oldest first. */
	private readonly loops = new Set<string>();
	private seq = 0;

	constructor(
		private readonly limits: { max_dlq_size: number; max_dlq_retention_time_milis: number },
		private readonly sink: RecordSink<DeadLetter> = discard(),
		private readonly evictions: EvictionReporter = noEvictionReport,
	) {}

	/**
	 * Keeps a failed message; `loop` marks the service's refusal of a delivery that came back to
	 * it. The answer is its dlqId, also when the queue has no room for it.
	 */
	add(message: StoredMessage, response: DestinationResponse | undefined, now: number, loop = false): string {
		const dlqId = `${now}-${this.seq++}`;
		this.prune(now);
		if (this.limits.max_dlq_size <= 0) return dlqId;
		while (this.records.size >= this.limits.max_dlq_size) {
			const oldestLoop = this.loops.values().next().value;
			const cap = `the dead letter queue is full (max_dlq_size ${this.limits.max_dlq_size})`;
			if (oldestLoop !== undefined) {
				this.remove(oldestLoop);
				this.evictions.evicted(
					'loop refusals in the dead letter queue',
					1,
					`${cap}: the oldest loop refusal (a delivery that came back to the service) goes first`,
				);
			} else if (loop) {
				this.evictions.evicted(
					'loop refusals not kept',
					1,
					`${cap} with the app's own dead letters, which a loop refusal never evicts`,
				);
				return dlqId;
			} else {
				this.remove(this.records.keys().next().value as string);
				this.evictions.evicted(
					'dead letters',
					1,
					`${cap} and holds no loop refusal: the oldest dead letter goes for each new one`,
				);
			}
		}
		const letter: DeadLetter = { dlqId, addedAt: now, message, response };
		if (loop) letter.loop = true;
		this.insert(letter);
		this.sink.put(dlqId, letter);
		return dlqId;
	}

	get(dlqId: string, now: number): DeadLetter | undefined {
		this.prune(now);
		return this.records.get(dlqId);
	}

	delete(dlqId: string, now: number): boolean {
		this.prune(now);
		return this.remove(dlqId);
	}

	size(now: number): number {
		this.prune(now);
		return this.records.size;
	}

	/** Oldest first; the cursor is the dlqId to continue from. */
	list(query: DlqQuery, now: number): { letters: DeadLetter[]; cursor?: string } {
		this.prune(now);
		const letters: DeadLetter[] = [];
		for (const [id, letter] of this.records) {
			if (query.cursor !== undefined && compareIds(id, query.cursor) < 0) continue;
			if (!query.matches(letter)) continue;
			if (letters.length === query.count) return { letters, cursor: id };
			letters.push(letter);
		}
		return { letters };
	}

	/** Every record, oldest first (plain data, e.g. to save them). */
	snapshot(): DeadLetter[] {
		return [...this.records.values()];
	}

	/** Puts back records that were kept, in any order (their sink is not told). */
	restore(letters: readonly DeadLetter[]): void {
		const all = [...this.records.values(), ...letters].sort((a, b) => compareIds(a.dlqId, b.dlqId));
		this.records.clear();
		this.loops.clear();
		for (const letter of all) this.insert(letter);
	}

	private insert(letter: DeadLetter): void {
		this.records.set(letter.dlqId, letter);
		if (letter.loop) this.loops.add(letter.dlqId);
	}

	private remove(dlqId: string): boolean {
		if (!this.records.delete(dlqId)) return false;
		this.loops.delete(dlqId);
		this.sink.delete(dlqId);
		return true;
	}

	private prune(now: number): void {
		const oldestKept = now - this.limits.max_dlq_retention_time_milis;
		for (const [id, record] of this.records) {
			if (record.addedAt >= oldestKept) break;
			this.remove(id);
		}
	}
}

/** A dead letter as GET /v2/dlq shows it: the message, its dlqId and the last response. */
export function dlqResource(letter: DeadLetter): DlqRecord {
	return {
		...messageResource(letter.message),
		dlqId: letter.dlqId,
		...(letter.response ? responseFields(letter.response) : {}),
	};
}

/** Orders `<ms>-<seq>` ids; a cursor that was removed meanwhile still finds its place. */
function compareIds(a: string, b: string): number {
	const [am = 0, as = 0] = a.split('-').map(Number);
	const [bm = 0, bs = 0] = b.split('-').map(Number);
	return am - bm || as - bs;
}
