/**
 * What feeds the Messages pane, outside React: the receiver's callbacks and deliveries and the
 * pages of the events listing go into the tracked messages; the ids on screen whose state can
 * still change are what the scheduler polls; and a cancel made here goes to the service.
 */
import type { MqClient } from '../../api/client.js';
import { ApiError } from '../../api/errors.js';
import type { ReceivedEvent } from '../../receiver/event.js';
import type { EventStore } from '../../receiver/store.js';
import { sanitize } from '../../text/sanitize.js';
import type { UiAction, UiState } from '../contract/shell-state.js';
import { deriveMessageState } from '../panes/messages/message-state.js';
import { messageFacts } from '../panes/messages/model.js';
import { describePollError } from './describe-error.js';
import type { PlanContext } from './plan.js';
import { keyedEntry, type PollState, type PollStore } from './poll-store.js';
import type { ReducerStore } from './store.js';
import type { TrackedMessages, TrackedUpdate } from './tracked-messages.js';

export interface MessageFeedOptions {
	client: MqClient;
	tracked: TrackedMessages;
	polls: PollStore;
	ui: ReducerStore<UiState, UiAction>;
	readOnly: boolean;
	receiver?: { store: EventStore } | undefined;
	/** What is polled may have changed (ids shown, states). */
	changed: () => void;
	/** Poll what is shown now (after a cancel). */
	refresh: () => void;
	now?: () => number;
}

/** What one received request says about a message: its callback, or its own id. */
export function receivedUpdate(event: ReceivedEvent): Omit<TrackedUpdate, 'since'> | undefined {
	const cb = event.callback;
	// A rejected request could say anything: only a verified one tells about a message.
	if (!event.verified) return undefined;
	if (cb)
		return {
			id: cb.sourceMessageId,
			origin: 'callback',
			...(cb.dlqId ? { dlqId: cb.dlqId } : {}),
			callback: { status: cb.status, retried: cb.retried, maxRetries: cb.maxRetries },
		};
	if (event.delivery.messageId) return { id: event.delivery.messageId, origin: 'delivery' };
	return undefined;
}

export class MessageFeed {
	private visible: readonly string[] = [];
	private pending: Omit<TrackedUpdate, 'since'>[] = [];
	private lastEvents: unknown;
	private readonly unsubscribe: (() => void)[] = [];
	private readonly now: () => number;

	constructor(private readonly options: MessageFeedOptions) {
		this.now = options.now ?? Date.now;
		const { receiver, polls, tracked } = options;
		if (receiver) {
			// Events arrive in batches of hundreds: one update of the tracked list per batch.
			this.unsubscribe.push(
				receiver.store.onEvent((event) => {
					const update = receivedUpdate(event);
					if (!update) return;
					if (this.pending.length === 0) queueMicrotask(() => this.flushReceived());
					this.pending.push(update);
				}),
			);
		}
		this.unsubscribe.push(polls.subscribe(() => this.foldEvents(polls.getSnapshot())));
		// Entries of ids no longer followed are dropped, so the poll store stays as bounded as the list.
		this.unsubscribe.push(
			tracked.subscribe(() =>
				polls.retain('message', new Set(tracked.getSnapshot().messages.map((m) => m.id))),
			),
		);
	}

	/** The ids the Messages pane shows now (none when it is hidden). */
	show(ids: readonly string[]): void {
		if (ids.length === this.visible.length && ids.every((id, i) => id === this.visible[i])) return;
		this.visible = [...ids];
		this.options.changed();
	}

	/** Polls the events listing and the ids shown whose state can still change. */
	planContext(polls: PollState): PlanContext {
		const events = polls.events?.data;
		const now = this.now();
		const byId = new Map(this.options.tracked.getSnapshot().messages.map((m) => [m.id, m]));
		const messageIds = this.visible.filter((id) => {
			const tracked = byId.get(id);
			if (!tracked) return false;
			return !deriveMessageState(messageFacts(tracked, keyedEntry(polls, 'message', id)), now).final;
		});
		return { eventsUnlisted: events?.listed === false, messageIds };
	}

	/** Asks the service to cancel a message; the outcome is a notice on the Messages pane. */
	async cancel(messageId: string): Promise<void> {
		const { ui, client } = this.options;
		const id = sanitize(messageId);
		const notice = (text: string, tone: 'ok' | 'error') =>
			ui.dispatch({ type: 'notice/show', notice: { pane: 'messages', text, tone } });
		if (this.options.readOnly) {
			notice('read-only mode: cancelling is off, nothing was sent', 'error');
			return;
		}
		try {
			await client.cancelMessage(messageId);
			this.options.tracked.noteCancelled(messageId);
			notice(`cancel of ${id} accepted by the service`, 'ok');
		} catch (error) {
			if (error instanceof ApiError && error.status === 404)
				notice(`${id} can no longer be cancelled: the service no longer has it`, 'error');
			else notice(`cancel of ${id} failed: ${describePollError(error, 'messaging').message}`, 'error');
		}
		this.options.refresh();
	}

	dispose(): void {
		for (const stop of this.unsubscribe) stop();
		this.pending = [];
	}

	private flushReceived(): void {
		const updates = this.pending;
		this.pending = [];
		if (updates.length > 0) this.options.tracked.trackMany(updates);
	}

	/** A new page of the events listing: its ids are followed, its events kept with them. */
	private foldEvents(polls: PollState): void {
		const data = polls.events?.data;
		if (data === this.lastEvents) return;
		this.lastEvents = data;
		if (data?.listed) this.options.tracked.noteEvents(data.events);
	}
}
