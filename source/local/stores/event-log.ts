/**
 * Delivery logs for GET /v2/logs and GET /v2/events (decisions.md, "Delivery logs"): a ring
 * buffer of the newest records, listed newest first with an opaque cursor (the sequence
 * number to continue below). A record points at its message rather than copying it, so a
 * state change costs one small object.
 */
import type { EventState } from '../../api/schemas.js';
import type { StoredMessage } from '../messages/message.js';

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

export interface LogQuery {
	count: number;
	cursor: number | undefined;
	matches: (record: LogRecord) => boolean;
}

export class EventLog {
	private readonly ring: (LogRecord | undefined)[];
	/** The sequence number of each slot's record, beside the ring rather than wrapped around it. */
	private readonly seqs: number[];
	private next = 0;

	constructor(private readonly capacity: number) {
		this.ring = new Array(Math.max(1, capacity));
		this.seqs = new Array(Math.max(1, capacity)).fill(-1);
	}

	add(record: LogRecord): void {
		if (this.capacity <= 0) return;
		const slot = this.next % this.ring.length;
		this.ring[slot] = record;
		this.seqs[slot] = this.next;
		this.next++;
	}

	list(query: LogQuery): { records: LogRecord[]; cursor?: string } {
		const records: LogRecord[] = [];
		const oldest = Math.max(0, this.next - this.ring.length);
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
}
