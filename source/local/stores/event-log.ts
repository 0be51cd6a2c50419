/**
 * Delivery events for GET /v2/events (decisions.md): a ring buffer of the newest events,
 * listed newest first with an opaque cursor (the sequence number to continue below).
 */
import type { DeliveryEvent, EventState } from '../../api/schemas.js';

export interface EventQuery {
	count: number;
	cursor: number | undefined;
	messageId: string | undefined;
	state: EventState | undefined;
}

export class EventLog {
	private readonly ring: (DeliveryEvent | undefined)[];
	/** The sequence number of each slot's event, beside the ring rather than wrapped around it. */
	private readonly seqs: number[];
	private next = 0;

	constructor(private readonly capacity: number) {
		this.ring = new Array(Math.max(1, capacity));
		this.seqs = new Array(Math.max(1, capacity)).fill(-1);
	}

	add(event: DeliveryEvent): void {
		if (this.capacity <= 0) return;
		const slot = this.next % this.ring.length;
		this.ring[slot] = event;
		this.seqs[slot] = this.next;
		this.next++;
	}

	list(query: EventQuery): { events: DeliveryEvent[]; cursor?: string } {
		const events: DeliveryEvent[] = [];
		const oldest = Math.max(0, this.next - this.ring.length);
		const start = Math.min(this.next - 1, (query.cursor ?? this.next) - 1);
		for (let seq = start; seq >= oldest; seq--) {
			const slot = seq % this.ring.length;
			const e = this.ring[slot];
			if (!e || this.seqs[slot] !== seq) continue;
			if (query.messageId !== undefined && e.messageId !== query.messageId) continue;
			if (query.state !== undefined && e.state !== query.state) continue;
			if (events.length === query.count) return { events, cursor: String(seq + 1) };
			events.push(e);
		}
		return { events };
	}
}
