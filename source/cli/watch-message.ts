/**
 * Tails one message until the service no longer has it: reports each change of the message
 * and, where the service offers the events list, each delivery event, oldest first.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { MqClient } from '../api/client.js';
import { ApiError } from '../api/errors.js';
import type { FieldIssue, Liberal } from '../api/liberal.js';
import type { DeliveryEvent, Message } from '../api/schemas.js';

export type WatchUpdate =
	| { type: 'message'; at: number; message: Liberal<typeof Message> }
	| { type: 'event'; at: number; event: Liberal<typeof DeliveryEvent> }
	| { type: 'gone'; at: number; messageId: string };

export interface WatchOptions {
	client: MqClient;
	messageId: string;
	intervalMs: number;
	signal: AbortSignal;
	emit(update: WatchUpdate): void;
	/** Odd fields of an answer that changed what was shown. */
	warn?(operation: string, issues: readonly FieldIssue[]): void;
	now?: () => number;
}

const isStatus = (error: unknown, ...statuses: number[]) =>
	error instanceof ApiError && error.kind === 'http' && statuses.includes(error.status ?? 0);

/**
 * Resolves when the message is gone or the signal is aborted; throws the 404 when the message
 * is unknown (never seen, and no events).
 */
export async function watchMessage(options: WatchOptions): Promise<'gone' | 'stopped'> {
	const { client, messageId, signal, emit } = options;
	const now = options.now ?? Date.now;
	let last: string | undefined;
	let eventsOffered = true;
	const seen = new Set<string>();

	const pollEvents = async () => {
		if (!eventsOffered) return;
		try {
			const { data: page, issues } = await client.logs.events({ messageId, count: 100 }, signal);
			const fresh = [...page.events].reverse().filter((event) => {
				const key = JSON.stringify(event);
				if (seen.has(key)) return false;
				seen.add(key);
				return true;
			});
			if (fresh.length > 0) options.warn?.('events', issues);
			for (const event of fresh) emit({ type: 'event', at: now(), event });
		} catch (error) {
			// The events list is not part of every deployment: without it, watch the message alone.
			if (isStatus(error, 404, 405, 501)) eventsOffered = false;
			else throw error;
		}
	};

	try {
		for (;;) {
			// Events first: a change of the message is the result of the events before it.
			await pollEvents();
			let message: Liberal<typeof Message>;
			let issues: readonly FieldIssue[];
			try {
				({ data: message, issues } = await client.messages.read(messageId, signal));
			} catch (error) {
				if (!isStatus(error, 404)) throw error;
				await pollEvents();
				// A message first seen gone existed only if the service recorded events for it.
				if (last === undefined && seen.size === 0) throw error;
				emit({ type: 'gone', at: now(), messageId });
				return 'gone';
			}
			const text = JSON.stringify(message);
			if (text !== last) {
				last = text;
				options.warn?.('message', issues);
				emit({ type: 'message', at: now(), message });
			}
			await sleep(options.intervalMs, undefined, { signal });
		}
	} catch (error) {
		if (signal.aborted) return 'stopped';
		throw error;
	}
}
