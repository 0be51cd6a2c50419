/**
 * The dead letter queue: failed messages with the last response of their destination.
 * Ids are `<unix ms>-<sequence>` (decisions.md). The plan's max_dlq_size and
 * max_dlq_retention_time_milis are kept by dropping the oldest records first.
 */
import type { DlqRecord, Message } from '../../api/schemas.js';

/** A dead letter before it has its id: the message and the destination's last answer. */
export type DeadLetter = Message & {
	responseStatus?: number;
	responseHeader?: Record<string, string[]>;
	responseBody?: string;
	responseBodyBase64?: string;
};

export class DlqStore {
	/** Insertion order is age order: the oldest record comes first. */
	private readonly records = new Map<string, DlqRecord & { addedAt: number }>();
	private seq = 0;

	constructor(private readonly limits: { max_dlq_size: number; max_dlq_retention_time_milis: number }) {}

	add(record: DeadLetter, now: number): string {
		const dlqId = `${now}-${this.seq++}`;
		this.prune(now);
		if (this.limits.max_dlq_size <= 0) return dlqId;
		while (this.records.size >= this.limits.max_dlq_size) {
			const oldest = this.records.keys().next().value as string;
			this.records.delete(oldest);
		}
		this.records.set(dlqId, { ...record, dlqId, addedAt: now });
		return dlqId;
	}

	get(dlqId: string, now: number): DlqRecord | undefined {
		this.prune(now);
		const record = this.records.get(dlqId);
		return record ? strip(record) : undefined;
	}

	delete(dlqId: string, now: number): boolean {
		this.prune(now);
		return this.records.delete(dlqId);
	}

	size(now: number): number {
		this.prune(now);
		return this.records.size;
	}

	/** Oldest first; the cursor is the dlqId to continue from. */
	list(count: number, cursor: string | undefined, now: number): { messages: DlqRecord[]; cursor?: string } {
		this.prune(now);
		const messages: DlqRecord[] = [];
		let started = cursor === undefined;
		for (const [id, record] of this.records) {
			if (!started) {
				if (id !== cursor && compareIds(id, cursor!) < 0) continue;
				started = true;
			}
			if (messages.length === count) return { messages, cursor: id };
			messages.push(strip(record));
		}
		return { messages };
	}

	private prune(now: number): void {
		const oldestKept = now - this.limits.max_dlq_retention_time_milis;
		for (const [id, record] of this.records) {
			if (record.addedAt >= oldestKept) break;
			this.records.delete(id);
		}
	}
}

function strip(record: DlqRecord & { addedAt: number }): DlqRecord {
	const { addedAt: _addedAt, ...rest } = record;
	return rest;
}

/** Orders `<ms>-<seq>` ids; a cursor that was removed meanwhile still finds its place. */
function compareIds(a: string, b: string): number {
	const [am = 0, as = 0] = a.split('-').map(Number);
	const [bm = 0, bs = 0] = b.split('-').map(Number);
	return am - bm || as - bs;
}
