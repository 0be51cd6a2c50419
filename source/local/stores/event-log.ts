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

interface Entry {
	seq: number;
	event: DeliveryEvent;
}

export class EventLog {
	private readonly ring: (Entry | undefined)[];
	private next = 0;

	constructor(private readonly capacity: number) {
		this.ring = new Array(Math.max(1, capacity));
	}

	add(event: DeliveryEvent): void {
		if (this.capacity <= 0) return;
		this.ring[this.next % this.ring.length] = { seq: this.next, event };
		this.next++;
	}

	list(query: EventQuery): { events: DeliveryEvent[]; cursor?: string } {
		const events: DeliveryEvent[] = [];
		const oldest = Math.max(0, this.next - this.ring.length);
		const start = Math.min(this.next - 1, (query.cursor ?? this.next) - 1);
		for (let seq = start; seq >= oldest; seq--) {
			const entry = this.ring[seq % this.ring.length];
			if (!entry || entry.seq !== seq) continue;
			const e = entry.event;
			if (query.messageId !== undefined && e.messageId !== query.messageId) continue;
			if (query.state !== undefined && e.state !== query.state) continue;
			if (events.length === query.count) return { events, cursor: String(seq + 1) };
			events.push(e);
		}
		return { events };
	}
}
