/**
 * The Messages pane's work outside React: the pages of the delivery logs go into the tracked
 * messages, poll entries of ids no longer followed are dropped, and a cancel made here is shown
 * as its exact request and sent through the typed client once confirmed (kit/request-flow).
 */

import { ApiError } from '../../../api/errors.js';
import { cancelMessageRequest } from '../../../api/messages-api.js';
import { sanitize } from '../../../text/sanitize.js';
import type { PaneContext } from '../../contract/pane.js';
import { type DeliveryLog, logsEndpoint } from '../../data/endpoints.js';
import { entryOf } from '../../data/poll-store.js';
import { commands } from '../../keys/commands.js';
import { RequestController } from '../../kit/request-flow/request-controller.js';
import type { Perform } from '../../kit/request-flow/request-flow-state.js';
import { askToSend, refusedReadOnly } from '../../kit/request-flow/request-flow-state.js';
import { rowCommands } from '../../kit/row-filter/commands.js';
import { tailNavigationOf } from '../../kit/tail-list/navigation.js';
import { selectedIndex } from '../../kit/tail-list/selection.js';
import { messagesBindings } from './bindings.js';
import { messageDlqEndpoint, messageEndpoint, messageLogsEndpoint } from './endpoints.js';
import { checkMessageId, type MessageRow, stateLabel } from './messages-model.js';
import type { CancelRequest, MessagesAction, MessagesState } from './messages-state.js';

/** What the view drew: the ids in order, the rows on screen, how many the list shows, the detail's scroll positions, the columns. */
export interface MessagesFrame {
	ids: readonly string[];
	rows: readonly MessageRow[];
	listHeight: number;
	scrolls: number;
	columns: readonly { header: string }[];
}

export class MessagesController extends RequestController<MessagesState, MessagesAction, CancelRequest> {
	private lastEvents: unknown;
	/** The logs of each message as last folded in, by id. */
	private readonly lastLogs = new Map<string, unknown>();
	private readonly unsubscribe: (() => void)[] = [];
	/** What the view drew last: the keys move among its ids, and cancel the row on screen. */
	private frame: MessagesFrame = { ids: [], rows: [], listHeight: 1, scrolls: 1, columns: [] };

	/** Its keys (a question or a field takes them before they come here). */
	readonly commands = commands(messagesBindings, 'messages', {
		...tailNavigationOf(() => ({
			list: () => this.state,
			dispatch: (action) => this.dispatch(action),
			keys: this.frame.ids,
			listHeight: this.frame.listHeight,
			scrolls: this.frame.scrolls,
		})),
		'nav.back': () => this.dispatch({ type: 'back' }),
		...rowCommands({
			dispatch: (action) => this.dispatch(action),
			columns: () => this.frame.columns,
			keep: () => this.dispatch({ type: 'select', key: this.selectedId() }),
		}),
		'message.follow': () => this.dispatch({ type: 'follow/open' }),
		'message.cancel': () => {
			// The row selected now: keys read together may have moved it since the last frame.
			const selectedNow = this.selectedId();
			const current = this.frame.rows.find((r) => r.id === selectedNow);
			if (!current) return;
			this.dispatch({ type: 'select', key: current.id });
			this.askCancel(
				current.id,
				current.state.final
					? `${current.id} is ${stateLabel(current.state)}: only a message still waiting can be cancelled`
					: undefined,
			);
		},
	});

	drawn(frame: MessagesFrame): void {
		this.frame = frame;
	}

	private selectedId(): string | undefined {
		const { ids } = this.frame;
		return ids[selectedIndex(ids, this.state.selected)];
	}

	constructor(protected override readonly ctx: PaneContext<MessagesState, MessagesAction>) {
		super(ctx);
		const { polls, tracked, store } = ctx;
		this.unsubscribe.push(polls.subscribe(() => this.foldEvents()));
		// Entries of ids no longer followed are dropped, so the poll store stays as bounded as the list.
		this.unsubscribe.push(
			tracked.subscribe(() => {
				const ids = new Set(tracked.getSnapshot().messages.map((m) => m.id));
				for (const endpoint of [messageEndpoint, messageLogsEndpoint, messageDlqEndpoint])
					polls.retain(endpoint.key, ids);
				for (const id of this.lastLogs.keys()) if (!ids.has(id)) this.lastLogs.delete(id);
			}),
		);
		this.unsubscribe.push(store.subscribe(() => this.followOpened()));
		this.followOpened();
	}

	/** The id the pane was opened on (`:messages <id>`) is followed, if it can be a message id. */
	private followOpened(): void {
		const id = this.ctx.store.getSnapshot().opened;
		if (id === undefined) return;
		this.dispatch({ type: 'opened' });
		const check = checkMessageId(id);
		if (check.ok) this.ctx.tracked.track(check.id, 'typed');
		else this.dispatch({ type: 'request/notice', notice: { tone: 'error', text: check.problem } });
	}

	/**
	 * Shows the cancel of a message as the request it sends; in read-only mode says it is off,
	 * and for a message that has `ended` says why it cannot be cancelled.
	 */
	askCancel(messageId: string, ended?: string): void {
		if (refusedReadOnly(this.sender, 'cancelling messages')) return;
		if (ended !== undefined) {
			this.dispatch({ type: 'request/notice', notice: { tone: 'error', text: ended } });
			return;
		}
		askToSend(this.sender, 'cancelling messages', {
			title: `cancel message ${messageId}: the service forgets it`,
			request: cancelMessageRequest(messageId),
			messageId,
		});
	}

	/** Sends the cancel that was confirmed, exactly as shown; the outcome is a notice on the pane. */
	protected override readonly perform: Perform<CancelRequest> = async ({ request, messageId }) => {
		const id = sanitize(messageId);
		try {
			await this.ctx.client.send(request);
		} catch (error) {
			if (error instanceof ApiError && error.status === 404)
				throw new Error(`${id} can no longer be cancelled: the service no longer has it`);
			throw error;
		}
		this.ctx.tracked.noteCancelled(messageId);
		return `cancel of ${id} accepted by the service`;
	};

	override dispose(): void {
		super.dispose();
		for (const stop of this.unsubscribe) stop();
	}

	/**
	 * A new page of the delivery logs: its ids are followed, its entries kept with them; so are
	 * the entries of the logs read for one message.
	 */
	private foldEvents(): void {
		const polls = this.ctx.polls.getSnapshot();
		const data = entryOf(polls, logsEndpoint)?.data;
		if (data !== this.lastEvents) {
			this.lastEvents = data;
			if (data?.listed) this.ctx.tracked.noteEvents(data.logs);
		}
		for (const [id, entry] of polls.keyed[messageLogsEndpoint.key] ?? []) {
			if (entry.data === undefined || entry.data === this.lastLogs.get(id)) continue;
			this.lastLogs.set(id, entry.data);
			this.ctx.tracked.noteEvents((entry.data as DeliveryLog[]).filter((e) => e.messageId === id));
		}
	}
}
