/**
 * Delivery logs for GET /v2/logs and GET /v2/events (docs/protocol/logs.md#retention): a ring
 * buffer of the newest records, listed newest first with an opaque cursor (the sequence number to
 * continue below; docs/protocol/logs.md#paging). A record points at its message rather than copying
 * it, so a state change costs one small object.
 *
 * Kept across restarts as the deployed service keeps them (upstash/docs: "only the last
 * 10.000 logs are kept", and the pay-as-you-go plan's logs retention of 7 days): record by
 * record under its sequence number, and each message once, for as long as a record points at
 * it. A new record writes itself (and its message, the first time); the one it pushes out is
 * deleted, and that is said (EvictionReporter).
 */
import type { EventState } from '../../api/schemas.js';
import type { StoredMessage } from '../messages/message.js';
import { type EvictionReporter, noEvictionReport } from './evictions.js';
import { discard, type RecordSink, seqKey } from './record-sink.js';

export interface LogRecord {
	time: number;
	state: EventState;
	message: StoredMessage;
	responseStatus?: number;
	responseHeader?: Record<string, string[]>;
	responseBody?: Buffer;
	error?: string;
	nextDeliveryTime?: number;
}

/** A record as kept: its message by id. */
export type KeptLogRecord = Omit<LogRecord, 'message'> & { messageId: string };

export interface LogQuery {
	count: number;
	cursor: number | undefined;
	matches: (record: LogRecord) => boolean;
}

export interface EventLogSinks {
	/** Keyed by sequence number, so that key order is arrival order. */
	records: RecordSink<KeptLogRecord>;
	/** The messages the records point at, by id. */
	messages: RecordSink<StoredMessage>;
}

/** The logs retention of the deployed service's pay-as-you-go plan. */
export const logRetentionMs = 7 * 86_400_000;

/** The optional fields of a record, each copied by keptRecord (the check below fails to compile if one is missed). */
type OptionalField = Exclude<keyof LogRecord, 'time' | 'state' | 'message'>;
type Copied = 'responseStatus' | 'responseHeader' | 'responseBody' | 'error' | 'nextDeliveryTime';
const everyFieldCopied: [Exclude<OptionalField, Copied>] extends [never] ? true : never = true;
void everyFieldCopied;

/** A record as kept, built field by field (an object rest and spread cost more, once per state change). */
function keptRecord(record: LogRecord): KeptLogRecord {
	const kept: KeptLogRecord = { time: record.time, state: record.state, messageId: record.message.id };
	if (record.responseStatus !== undefined) kept.responseStatus = record.responseStatus;
	if (record.responseHeader !== undefined) kept.responseHeader = record.responseHeader;
	if (record.responseBody !== undefined) kept.responseBody = record.responseBody;
	if (record.error !== undefined) kept.error = record.error;
	if (record.nextDeliveryTime !== undefined) kept.nextDeliveryTime = record.nextDeliveryTime;
	return kept;
}

export class LogStore {
	private readonly ring: (LogRecord | undefined)[];
	/** The sequence number of each slot's record, beside the ring rather than wrapped around it. */
	private readonly seqs: number[];
	private next = 0;
	/** The oldest sequence number that may still hold a record. */
	private oldest = 0;
	/** Records per message id: a message is kept while one points at it. */
	private readonly references = new Map<string, number>();
	private readonly capacityReason: string;

	constructor(
		private readonly capacity: number,
		private readonly sinks: EventLogSinks = { records: discard(), messages: discard() },
		private readonly evictions: EvictionReporter = noEvictionReport,
		private readonly retentionMs = logRetentionMs,
	) {
		this.capacityReason = `${capacity} are kept (max_events_size), as the deployed service keeps its last 10,000: the oldest goes for each new one`;
		this.ring = new Array(Math.max(1, capacity));
		this.seqs = new Array(Math.max(1, capacity)).fill(-1);
	}

	add(record: LogRecord): void {
		if (this.capacity <= 0) return;
		this.expire(record.time);
		if (this.next - this.oldest >= this.ring.length) {
			this.remove(this.next - this.ring.length);
			this.evictions.evicted('delivery logs', 1, this.capacityReason);
		}
		const seq = this.next++;
		this.place(seq, record);
		if (this.refer(record.message.id) === 1) this.sinks.messages.put(record.message.id, record.message);
		this.sinks.records.put(seqKey(seq), keptRecord(record));
	}

	/**
	 * Puts back what was kept (the sinks are told only of what goes): the records in key order
	 * and the messages they point at, the live one of an id when `live` has it. Records
	 * without their message are dropped (answered, to be reported), and so are those past the
	 * capacity or the retention at `now`, and messages no record points at.
	 */
	restore(
		kept: readonly [string, KeptLogRecord][],
		messages: ReadonlyMap<string, StoredMessage>,
		now: number,
		live: (id: string) => StoredMessage | undefined = () => undefined,
	): { unreadable: number } {
		let unreadable = 0;
		const readable: { seq: number; record: LogRecord }[] = [];
		for (const [key, { messageId, ...rest }] of kept) {
			const seq = Number(key);
			const message = messages.has(messageId) ? (live(messageId) ?? messages.get(messageId)) : undefined;
			if (!Number.isSafeInteger(seq) || seq < 0 || !message) {
				unreadable++;
				this.sinks.records.delete(key);
				continue;
			}
			readable.push({ seq, record: { ...rest, message } });
		}
		// Written within one ring's length of the newest, unless the capacity shrank since.
		const floor = (readable.at(-1)?.seq ?? 0) - this.ring.length + 1;
		for (const { seq, record } of readable) {
			if (seq < floor) {
				this.sinks.records.delete(seqKey(seq));
				continue;
			}
			this.place(seq, record);
			this.refer(record.message.id);
		}
		this.next = (readable.at(-1)?.seq ?? -1) + 1;
		this.oldest = Math.max(0, floor);
		for (const id of messages.keys()) if (!this.references.has(id)) this.sinks.messages.delete(id);
		this.expire(now);
		return { unreadable };
	}

	list(query: LogQuery): { records: LogRecord[]; cursor?: string } {
		const records: LogRecord[] = [];
		const oldest = Math.max(this.oldest, this.next - this.ring.length);
		const start = Math.min(this.next - 1, (query.cursor ?? this.next) - 1);
		for (let seq = start; seq >= oldest; seq--) {
			const slot = seq % this.ring.length;
			const record = this.ring[slot];
			if (!record || this.seqs[slot] !== seq || !query.matches(record)) continue;
			if (records.length === query.count) return { records, cursor: String(seq + 1) };
			records.push(record);
		}
		return { records };
	}

	private place(seq: number, record: LogRecord): void {
		const slot = seq % this.ring.length;
		this.ring[slot] = record;
		this.seqs[slot] = seq;
	}

	private refer(messageId: string): number {
		const count = (this.references.get(messageId) ?? 0) + 1;
		this.references.set(messageId, count);
		return count;
	}

	/** Drops the records older than the retention, oldest first. */
	private expire(now: number): void {
		const before = now - this.retentionMs;
		let expired = 0;
		while (this.oldest < this.next) {
			const slot = this.oldest % this.ring.length;
			const record = this.ring[slot];
			if (record && this.seqs[slot] === this.oldest && record.time >= before) break;
			if (record && this.seqs[slot] === this.oldest) expired++;
			this.remove(this.oldest);
		}
		this.evictions.evicted(
			'delivery logs',
			expired,
			'those older than 7 days go, as the deployed service keeps them',
		);
	}

	/** Removes the record of `seq`, and its message once no record points at it. */
	private remove(seq: number): void {
		const slot = seq % this.ring.length;
		const record = this.seqs[slot] === seq ? this.ring[slot] : undefined;
		this.oldest = Math.max(this.oldest, seq + 1);
		if (!record) return;
		this.ring[slot] = undefined;
		this.seqs[slot] = -1;
		this.sinks.records.delete(seqKey(seq));
		const id = record.message.id;
		const count = (this.references.get(id) ?? 1) - 1;
		if (count > 0) {
			this.references.set(id, count);
			return;
		}
		this.references.delete(id);
		this.sinks.messages.delete(id);
	}
}
