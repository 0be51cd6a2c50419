/**
 * Delivery logs for GET /v2/logs and GET /v2/events (docs/protocol/logs.md#retention): a ring
 * buffer of the newest records, listed newest first with an opaque cursor (the sequence number to
 * continue below; docs/protocol/logs.md#paging). A record points at its message rather than copying
 * it, so a state change costs one small object.
 *
 * Kept across restarts as the deployed service keeps them (upstash/docs: "only the last
 * 10.000 logs are kept", and the pay-as-you-go plan's logs retention of 7 days): record by
 * record under its slot of the ring, with its sequence number, and each message once, for as
 * long as a record points at it. A new record writes itself (and its message, the first time)
 * over the one it pushes out, so a full ring costs no deletes; that one going is said
 * (EvictionReporter). A capacity changed between two starts moves the records to their new
 * slots.
 */
import type { EventState } from '../../api/schemas.js';
import type { StoredMessage } from '../messages/message.js';
import { type EvictionReporter, noEvictionReport } from './evictions.js';
import { discard, isDiscard, type RecordSink } from './record-sink.js';

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

/** A record as kept: its message by id, and its sequence number (its key is its slot). */
export type KeptLogRecord = Omit<LogRecord, 'message'> & { messageId: string; seq: number };

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
function keptRecord(seq: number, record: LogRecord): KeptLogRecord {
	const kept: KeptLogRecord = { seq, time: record.time, state: record.state, messageId: record.message.id };
	if (record.responseStatus !== undefined) kept.responseStatus = record.responseStatus;
	if (record.responseHeader !== undefined) kept.responseHeader = record.responseHeader;
	if (record.responseBody !== undefined) kept.responseBody = record.responseBody;
	if (record.error !== undefined) kept.error = record.error;
	if (record.nextDeliveryTime !== undefined) kept.nextDeliveryTime = record.nextDeliveryTime;
	return kept;
}

/** The key of a slot of the ring. */
const slotKey = (slot: number) => slot.toString();

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
	/** False in memory: no kept form of a record is built for nothing. */
	private readonly keepsRecords: boolean;

	constructor(
		private readonly capacity: number,
		private readonly sinks: EventLogSinks = { records: discard(), messages: discard() },
		private readonly evictions: EvictionReporter = noEvictionReport,
		private readonly retentionMs = logRetentionMs,
	) {
		this.keepsRecords = !isDiscard(sinks.records);
		this.capacityReason = `${capacity} are kept (max_events_size), as the deployed service keeps its last 10,000: the oldest goes for each new one`;
		this.ring = new Array(Math.max(1, capacity));
		this.seqs = new Array(Math.max(1, capacity)).fill(-1);
	}

	add(record: LogRecord): void {
		if (this.capacity <= 0) return;
		this.expire(record.time);
		if (this.next - this.oldest >= this.ring.length) {
			// The new record takes its slot: written over, not deleted.
			this.remove(this.next - this.ring.length, false);
			this.evictions.evicted('delivery logs', 1, this.capacityReason);
		}
		const seq = this.next++;
		const slot = this.place(seq, record);
		if (this.refer(record.message.id) === 1) this.sinks.messages.put(record.message.id, record.message);
		if (this.keepsRecords) this.sinks.records.put(slotKey(slot), keptRecord(seq, record));
	}

	/**
	 * Puts back what was kept (the sinks are told only of what changes): the records in
	 * sequence order and the messages they point at, the live one of an id when `live` has it.
	 * Records without their message are dropped (answered, to be reported), and so are those
	 * past the capacity or the retention at `now`, and messages no record points at. A record
	 * kept under another slot (the capacity changed since) is moved to its own.
	 */
	restore(
		kept: readonly [string, KeptLogRecord][],
		messages: ReadonlyMap<string, StoredMessage>,
		now: number,
		live: (id: string) => StoredMessage | undefined = () => undefined,
	): { unreadable: number } {
		let unreadable = 0;
		const readable: { seq: number; key: string; kept: KeptLogRecord; record: LogRecord }[] = [];
		for (const [key, keptRecord] of kept) {
			const { messageId, seq, ...rest } = keptRecord;
			const message = messages.has(messageId) ? (live(messageId) ?? messages.get(messageId)) : undefined;
			if (!Number.isSafeInteger(seq) || seq < 0 || !message) {
				unreadable++;
				this.sinks.records.delete(key);
				continue;
			}
			readable.push({ seq, key, kept: keptRecord, record: { ...rest, message } });
		}
		readable.sort((a, b) => a.seq - b.seq);
		// Written within one ring's length of the newest, unless the capacity shrank since.
		const floor = (readable.at(-1)?.seq ?? 0) - this.ring.length + 1;
		const moved: { slot: number; kept: KeptLogRecord }[] = [];
		for (const { seq, key, kept: keptRecord, record } of readable) {
			const slot = seq % this.ring.length;
			// Every key left is deleted before any record is put under its slot: one may be the other's.
			if (seq < floor || key !== slotKey(slot)) this.sinks.records.delete(key);
			if (seq < floor) continue;
			if (key !== slotKey(slot)) moved.push({ slot, kept: keptRecord });
			this.place(seq, record);
			this.refer(record.message.id);
		}
		for (const { slot, kept: keptRecord } of moved) this.sinks.records.put(slotKey(slot), keptRecord);
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

	private place(seq: number, record: LogRecord): number {
		const slot = seq % this.ring.length;
		this.ring[slot] = record;
		this.seqs[slot] = seq;
		return slot;
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

	/**
	 * Removes the record of `seq`, and its message once no record points at it; its kept record
	 * is deleted unless `deleteKept` is false (a new record is written over it).
	 */
	private remove(seq: number, deleteKept = true): void {
		const slot = seq % this.ring.length;
		const record = this.seqs[slot] === seq ? this.ring[slot] : undefined;
		this.oldest = Math.max(this.oldest, seq + 1);
		if (!record) return;
		this.ring[slot] = undefined;
		this.seqs[slot] = -1;
		if (deleteKept) this.sinks.records.delete(slotKey(slot));
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
