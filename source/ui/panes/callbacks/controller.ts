/**
 * The Callbacks pane's work outside React: its keys, and the replay of a request to the app
 * (shown as its request first, sent on a yes, its answer kept on its row). The rows its keys
 * move among are those its view drew last (`drawn`): the receiver's snapshot as shown, not the
 * newest, which may hold rows the screen does not.
 */
import {
	type ReceivedEvent,
	type ReplayEdits,
	type ReplayResult,
	requestNumber,
} from '../../../receiver/index.js';
import type { TuiReceiver } from '../../contract/connection.js';
import type { PaneContext } from '../../contract/pane.js';
import { commands } from '../../keys/commands.js';
import { rowCommands } from '../../kit/row-filter/commands.js';
import { tailNavigationOf } from '../../kit/tail-list/navigation.js';
import { selectedIndex } from '../../kit/tail-list/selection.js';
import { callbacksBindings } from './bindings.js';
import { type EventRows, type From, rowKey } from './callbacks-model.js';
import type { CallbacksAction, CallbacksState, ReplayState } from './callbacks-state.js';
import { orderColumns } from './row.js';

// Said in the prompt line when R cannot send, short enough for 80 columns.
const replayUnavailable = 'no app to send to: start mqtop with --forward-to <url> (or receiver.forwardTo)';
const replayNotKept = 'nothing to send again: --demo and --ephemeral keep no request';

/** A row of the pane: a request, and the receiver it came from. */
export interface CallbackRow {
	event: ReceivedEvent;
	from: From;
}

/** What the view drew last: its rows, how many the list shows, and the scroll positions of the open detail. */
export interface CallbacksFrame {
	rows: EventRows;
	listHeight: number;
	scrolls: number;
}

const noRows: EventRows = { keys: [], at: () => undefined, fromAt: () => undefined };

export class CallbacksController {
	private frame: CallbacksFrame = { rows: noRows, listHeight: 1, scrolls: 1 };
	private closed = false;

	constructor(private readonly ctx: PaneContext<CallbacksState, CallbacksAction>) {}

	/** Its keys, where a receiver runs; a key moves among the rows drawn last, and acts on the row selected now. */
	readonly commands = commands(
		callbacksBindings,
		'callbacks',
		{
			...tailNavigationOf(() => ({
				list: () => this.ctx.store.getSnapshot(),
				dispatch: (action) => this.dispatch(action),
				keys: this.frame.rows.keys,
				listHeight: this.frame.listHeight,
				scrolls: this.frame.scrolls,
			})),
			'nav.back': () => this.dispatch({ type: 'back' }),
			...rowCommands({
				dispatch: (action) => this.dispatch(action),
				columns: orderColumns,
				keep: () => this.dispatch({ type: 'select', key: this.selectedKey() }),
			}),
			'callbacks.replay': () => this.askReplay(this.current()),
			'callbacks.replay-edit': () => {
				const row = this.current();
				if (row) this.dispatch({ type: 'replay/edit', key: rowKey(row.event.seq, row.from) });
			},
			'secrets.reveal': () => this.ctx.shell.dispatch({ type: 'reveal/toggle' }),
		},
		() => this.ctx.receiver !== undefined,
	);

	/** What the view drew: the rows the keys move among. */
	drawn(frame: CallbacksFrame): void {
		this.frame = frame;
	}

	/** Shows the replay of a row as its request first, as every action does; sent on a yes. */
	askReplay(row: CallbackRow | undefined, body?: string): void {
		if (!row || !this.sender(row)) return;
		this.dispatch({
			type: 'replay/ask',
			key: rowKey(row.event.seq, row.from),
			...(body !== undefined ? { body } : {}),
		});
	}

	/** The request shown is answered with a yes: sent again to the app; its row shows the app's answer, the prompt line why not. */
	sendReplay(row: CallbackRow, body: string | undefined): void {
		this.dispatch({ type: 'replay/answered' });
		const key = rowKey(row.event.seq, row.from);
		const send = this.sender(row);
		if (!send) return;
		const set = (next: ReplayState) => this.dispatch({ type: 'replay/state', key, replay: next });
		const failed = (message: string) => {
			set({ state: 'failed', message });
			this.dispatch({
				type: 'notice',
				text: `${requestNumber(row.event.seq)} was not sent again: ${message}`,
			});
		};
		set({ state: 'sending' });
		send(row.event.seq, body !== undefined ? { body: Buffer.from(body) } : undefined).then(
			(result) =>
				result.found
					? set({
							state: 'answered',
							forward: result.forward,
							resigned: result.resigned,
							edited: result.edited,
						})
					: failed('it is no longer in the kept history'),
			(error: unknown) => failed((error as Error).message),
		);
	}

	/** The request shown is answered with a no: nothing is sent. */
	cancelReplay(): void {
		this.dispatch({ type: 'replay/answered' });
	}

	closeBody(): void {
		this.dispatch({ type: 'replay/edit-close' });
	}

	dispose(): void {
		this.closed = true;
	}

	private dispatch(action: CallbacksAction): void {
		if (!this.closed) this.ctx.store.dispatch(action);
	}

	private selectedKey(): string | undefined {
		const { keys } = this.frame.rows;
		return keys[selectedIndex(keys, this.ctx.store.getSnapshot().selected)];
	}

	/** The row selected now: keys read together may have moved it since the last frame. */
	private current(): CallbackRow | undefined {
		const { rows } = this.frame;
		const index = selectedIndex(rows.keys, this.ctx.store.getSnapshot().selected);
		const event = rows.at(index);
		return event && { event, from: rows.fromAt(index) };
	}

	/** How a row's request is sent again, or undefined when it cannot be (said in the prompt line). */
	private sender(
		row: CallbackRow,
	): ((seq: number, edits?: ReplayEdits) => Promise<ReplayResult>) | undefined {
		const receiver: TuiReceiver | undefined = this.ctx.receiver;
		if (!receiver) return undefined;
		const send = row.from ? receiver.followed?.replay : receiver.replay;
		if (receiver.forwardTo && send) return send;
		this.dispatch({ type: 'notice', text: receiver.forwardTo ? replayNotKept : replayUnavailable });
		return undefined;
	}
}
