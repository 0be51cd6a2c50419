/**
 * The Dead letters pane's work outside React: the filter form (checked as the commands check
 * their flags), paging, marks, and the retries and deletes: counted and shown as the exact
 * request first, then sent with the typed client; the new message ids go to the Messages
 * pane's tracked messages. The only place of the pane that speaks HTTP.
 */

import type { DeadLetter, DeadLetterPage } from '../../../api/dlq-api.js';
import { dlqFilterFields, dlqFilterOf } from '../../../api/filter-settings.js';
import type { DlqFilter } from '../../../api/filters.js';
import { sanitize } from '../../../text/sanitize.js';
import type { PaneContext } from '../../contract/pane.js';
import { describeSendError } from '../../data/describe-error.js';
import { type Command, commands } from '../../keys/commands.js';
import { FilteredList } from '../../kit/filtered-list/controller.js';
import { RequestController } from '../../kit/request-flow/request-controller.js';
import type { Perform } from '../../kit/request-flow/request-flow-state.js';
import { askToSend, refusedReadOnly } from '../../kit/request-flow/request-flow-state.js';
import { dlqBindings } from './bindings.js';
import { rowKey } from './dlq-model.js';
import type { DlqAction, DlqOperation, DlqState } from './dlq-state.js';
import { dlqPageEndpoint } from './endpoints.js';
import { makeOperation, type OperationKind, type OperationTarget } from './operations.js';

/** New message ids a notice names at most. */
const namedIds = 3;

const verbs: Record<OperationKind, string> = { retry: 'retrying', delete: 'deleting' };

export class DlqController extends RequestController<DlqState, DlqAction, DlqOperation> {
	/** The filter form and the pages. */
	readonly list: FilteredList<DlqFilter, DeadLetterPage, DeadLetter>;
	readonly commands: readonly Command[];

	constructor(protected override readonly ctx: PaneContext<DlqState, DlqAction>) {
		super(ctx);
		this.list = new FilteredList(ctx, {
			endpoint: dlqPageEndpoint,
			fields: dlqFilterFields,
			check: dlqFilterOf,
			rowsOf: (page) => page.messages,
			keysOf: (letters) => letters.map(rowKey),
			what: 'dead letters',
			one: 'dead letter',
		});
		// Its keys, while no filter form or question has them.
		this.commands = commands(
			dlqBindings,
			'dlq',
			{
				...this.list.commands,
				'nav.back': () => this.dispatch({ type: 'back' }),
				'select.mark': () => this.mark(),
				'dlq.markAll': () => this.markAll(),
				'dlq.retry': () => void this.ask('retry'),
				'dlq.delete': () => void this.ask('delete'),
				'dlq.logs': () => this.showLogs(),
			},
			() => !this.state.form && !this.state.confirm,
		);
	}

	/** The selected record of the page shown. */
	selected(): DeadLetter | undefined {
		return this.list.selected();
	}

	mark(): void {
		const letter = this.selected();
		if (!letter) return;
		if (!letter.dlqId) {
			this.dispatch({
				type: 'notice',
				notice: { tone: 'error', text: 'the service sent this record without a dlqId: it cannot be marked' },
			});
			return;
		}
		this.dispatch({ type: 'select', key: rowKey(letter) });
		this.dispatch({ type: 'mark', dlqId: letter.dlqId });
	}

	markAll(): void {
		this.dispatch({ type: 'mark/all' });
	}

	// Retry and delete

	/**
	 * What an operation takes: in the detail, the record shown; else everything the filter
	 * matches when so marked, the marked records, or the selected one.
	 */
	private target(): OperationTarget | string {
		const { state } = this;
		if (!state.detail && state.all) return { filter: state.query };
		if (!state.detail && state.marked.length > 0) return { dlqIds: state.marked };
		const letter = this.selected();
		if (!letter) return 'no dead letter is selected';
		if (!letter.dlqId) return 'the service sent this record without a dlqId: it cannot be retried or deleted';
		return { dlqIds: [letter.dlqId] };
	}

	/** Counts what the operation touches and shows its request; nothing is sent yet. */
	async ask(kind: OperationKind): Promise<void> {
		const what = `${verbs[kind]} dead letters`;
		if (refusedReadOnly(this.sender, what) || this.state.busy) return;
		const target = this.target();
		if (typeof target === 'string') {
			this.info(target);
			return;
		}
		const { client } = this.ctx;
		if ('dlqIds' in target) {
			const count = { count: target.dlqIds.length, complete: true };
			askToSend(this.sender, what, makeOperation(client, kind, target, count));
			return;
		}
		this.dispatch({
			type: 'request/start',
			notice: { tone: 'info', text: 'counting the dead letters the filter matches…' },
		});
		try {
			const count = await client.dlq.count(target.filter);
			if (count.count === 0) {
				this.dispatch({
					type: 'request/failed',
					message: 'no dead letter matches the filter: nothing to do',
				});
				return;
			}
			askToSend(this.sender, what, makeOperation(client, kind, target, count));
		} catch (error) {
			this.dispatch({
				type: 'request/failed',
				message: `could not count what the filter matches: ${describeSendError(error)}`,
			});
		}
	}

	/**
	 * Every round of the confirmed operation, from the request shown on; answers what the notice
	 * says. What failed is the reason's first words (`retry 2 dead letters failed: …`). The records
	 * leave the list at the next poll, which is now.
	 */
	protected override readonly perform: Perform<DlqOperation> = async (operation) => {
		const { client, tracked } = this.ctx;
		if (operation.kind === 'retry') {
			const { messageIds } = await client.dlq.retryAll(operation.selection);
			// A retry is a publish made here: Messages follows the new messages.
			tracked.trackMany(messageIds.map((id) => ({ id, origin: 'publish' as const })));
			return retriedText(messageIds);
		}
		const { deleted } = await client.dlq.deleteAll(operation.selection);
		return `deleted ${deleted} dead letter${deleted === 1 ? '' : 's'}`;
	};

	// Elsewhere

	/** The delivery logs of the selected record's message. */
	showLogs(): void {
		const letter = this.selected();
		if (letter) this.ctx.show('logs', { messageId: letter.messageId });
	}
}

/** `retried 2 dead letters: new messages msg_a, msg_b (followed in Messages)`. */
export function retriedText(messageIds: readonly string[]): string {
	const n = messageIds.length;
	if (n === 0) return 'the service retried no dead letter';
	const named = messageIds.slice(0, namedIds).map(sanitize).join(', ');
	const more = n > namedIds ? ` and ${n - namedIds} more` : '';
	return `retried ${n} dead letter${n === 1 ? '' : 's'}: new message${n === 1 ? '' : 's'} ${named}${more} (followed in Messages)`;
}
