/**
 * The Messages pane's work outside React: the pages of the delivery logs go into the tracked
 * messages, poll entries of ids no longer followed are dropped, and a cancel made here goes to
 * the service through the typed client.
 */
import { ApiError } from '../../../api/errors.js';
import { sanitize } from '../../../text/sanitize.js';
import type { PaneContext } from '../../contract/pane.js';
import { describePollError } from '../../data/describe-error.js';
import { logsEndpoint } from '../../data/endpoints.js';
import { entryOf } from '../../data/poll-store.js';
import { messageEndpoint } from './endpoints.js';
import type { MessagesAction, MessagesState } from './state.js';

export class MessagesController {
	private lastEvents: unknown;
	private readonly unsubscribe: (() => void)[] = [];

	constructor(private readonly ctx: PaneContext<MessagesState, MessagesAction>) {
		const { polls, tracked } = ctx;
		this.unsubscribe.push(polls.subscribe(() => this.foldEvents()));
		// Entries of ids no longer followed are dropped, so the poll store stays as bounded as the list.
		this.unsubscribe.push(
			tracked.subscribe(() =>
				polls.retain(messageEndpoint.key, new Set(tracked.getSnapshot().messages.map((m) => m.id))),
			),
		);
	}

	/** Asks the service to cancel a message; the outcome is a notice on the Messages pane. */
	async cancel(messageId: string): Promise<void> {
		const { store, client } = this.ctx;
		const id = sanitize(messageId);
		const notice = (text: string, tone: 'ok' | 'error') =>
			store.dispatch({ type: 'notice', notice: { text, tone } });
		if (this.ctx.readOnly) {
			notice('read-only mode: cancelling is off, nothing was sent', 'error');
			return;
		}
		try {
			await client.messages.cancelOne(messageId);
			this.ctx.tracked.noteCancelled(messageId);
			notice(`cancel of ${id} accepted by the service`, 'ok');
		} catch (error) {
			if (error instanceof ApiError && error.status === 404)
				notice(`${id} can no longer be cancelled: the service no longer has it`, 'error');
			else notice(`cancel of ${id} failed: ${describePollError(error, 'messaging').message}`, 'error');
		}
		this.ctx.refresh();
	}

	dispose(): void {
		for (const stop of this.unsubscribe) stop();
	}

	/** A new page of the delivery logs: its ids are followed, its entries kept with them. */
	private foldEvents(): void {
		const data = entryOf(this.ctx.polls.getSnapshot(), logsEndpoint)?.data;
		if (data === this.lastEvents) return;
		this.lastEvents = data;
		if (data?.listed) this.ctx.tracked.noteEvents(data.logs);
	}
}
