/**
 * Each message kept once in the data directory, whoever needs it: the delivery engine while it
 * is pending, the delivery logs while a record points at it. Its record is written when it is
 * first held and again for each change the engine makes (the logs show the message as it is
 * now), and deleted once neither holds it. Whether a kept message is still pending is told at
 * a restart by the logs (pendingMessages): one with a final record was done.
 */
import type { EventState } from '../../api/schemas.js';
import type { StoredMessage } from '../messages/message.js';
import type { KeptLogRecord } from './log-store.js';
import { isDiscard, type RecordSink } from './record-sink.js';

const pendingHold = 1;
const loggedHold = 2;

/** The states after which a message has no more attempts. */
const finalStates: ReadonlySet<EventState> = new Set<EventState>([
	'DELIVERED',
	'FAILED',
	'CANCELLED',
	'CANCELED',
]);

export class KeptMessages {
	/** Who holds each kept message: pendingHold, loggedHold or both. */
	private readonly holds = new Map<string, number>();
	/** The sink of the engine's pending messages: a put writes, a delete lets go. */
	readonly pending: RecordSink<StoredMessage>;
	/** The sink of the messages the logs point at: a put holds (written if not yet), a delete lets go. */
	readonly logged: RecordSink<StoredMessage>;

	constructor(private readonly sink: RecordSink<StoredMessage>) {
		if (isDiscard(sink)) {
			// In memory there is nothing to hold.
			this.pending = sink;
			this.logged = sink;
			return;
		}
		this.pending = {
			put: (id, message) => {
				this.holds.set(id, (this.holds.get(id) ?? 0) | pendingHold);
				sink.put(id, message);
			},
			delete: (id) => this.release(id, pendingHold),
			clear: () => this.clearHold(pendingHold),
		};
		this.logged = {
			put: (id, message) => {
				const held = this.holds.get(id) ?? 0;
				this.holds.set(id, held | loggedHold);
				if (held === 0) sink.put(id, message);
			},
			delete: (id) => this.release(id, loggedHold),
			clear: () => this.clearHold(loggedHold),
		};
	}

	/**
	 * Takes back what was kept before the engine and the logs are restored: every message
	 * counts as logged until the logs let go of those no record points at; `pending` ones are
	 * held by the engine too.
	 */
	restore(kept: readonly [string, StoredMessage][], pending: readonly StoredMessage[]): void {
		for (const [id] of kept) this.holds.set(id, loggedHold);
		for (const message of pending) this.holds.set(message.id, loggedHold | pendingHold);
	}

	private release(id: string, hold: number): void {
		const held = (this.holds.get(id) ?? 0) & ~hold;
		if (held !== 0) {
			this.holds.set(id, held);
			return;
		}
		this.holds.delete(id);
		this.sink.delete(id);
	}

	private clearHold(hold: number): void {
		for (const id of [...this.holds.keys()]) this.release(id, hold);
	}
}

/** The kept messages still to be delivered: those without a final record among the kept logs. */
export function pendingMessages(
	kept: readonly [string, StoredMessage][],
	logs: readonly [string, KeptLogRecord][],
): StoredMessage[] {
	const done = new Set<string>();
	for (const [, record] of logs) if (finalStates.has(record.state)) done.add(record.messageId);
	const pending: StoredMessage[] = [];
	for (const [id, message] of kept) if (!done.has(id)) pending.push(message);
	return pending;
}
