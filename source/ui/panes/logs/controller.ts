/**
 * The Logs pane's work outside React: the filter form and the pages (the kit's filtered list),
 * and the jumps from an entry to its message, its dead letter and its callbacks, through the
 * shell's pane navigation.
 */
import { logFilterFields, logFilterOf } from '../../../api/filter-settings.js';
import type { LogFilter } from '../../../api/filters.js';
import type { LogLine, LogPage } from '../../../api/logs-api.js';
import type { PaneContext } from '../../contract/pane.js';
import { type Command, commands } from '../../keys/commands.js';
import { FilteredList } from '../../kit/filtered-list/controller.js';
import { logsBindings } from './bindings.js';
import { logPageEndpoint } from './endpoints.js';
import { rowKeys } from './logs-model.js';
import type { LogsAction, LogsState } from './logs-state.js';

/** Where an entry leads: the pane and what it is called there. */
const jumps = {
	messages: 'Messages',
	dlq: 'Dead letters',
	callbacks: 'Callbacks',
} as const;

export class LogsController {
	readonly list: FilteredList<LogFilter, LogPage, LogLine>;
	readonly commands: readonly Command[];
	private closed = false;

	constructor(private readonly ctx: PaneContext<LogsState, LogsAction>) {
		this.list = new FilteredList(ctx, {
			endpoint: logPageEndpoint,
			fields: logFilterFields,
			check: logFilterOf,
			rowsOf: (page) => page.logs,
			keysOf: rowKeys,
			what: 'delivery logs',
			one: 'log entry',
		});
		// Its keys, while the filter form does not have them.
		this.commands = commands(
			logsBindings,
			'logs',
			{
				...this.list.commands,
				'nav.first': () => this.dispatch({ type: 'follow' }),
				'nav.back': () => this.dispatch({ type: 'back' }),
				'logs.message': () => this.jump('messages'),
				'logs.dlq': () => this.jump('dlq'),
				'logs.callbacks': () => this.jump('callbacks'),
			},
			() => !this.ctx.store.getSnapshot().form,
		);
	}

	private dispatch(action: LogsAction): void {
		if (!this.closed) this.ctx.store.dispatch(action);
	}

	/** Shows the selected entry's message, dead letters or callbacks in their own pane. */
	jump(pane: keyof typeof jumps): void {
		const line = this.list.selected();
		if (!line) return;
		const { messageId } = line;
		// The Messages pane shows the messages it follows: this one is followed from now on.
		if (pane === 'messages') this.ctx.tracked.track(messageId, 'events');
		if (!this.ctx.show(pane, { messageId }) && !this.closed)
			this.ctx.store.dispatch({
				type: 'notice',
				notice: { tone: 'error', text: `this monitor has no ${jumps[pane]} view` },
			});
	}

	dispose(): void {
		this.closed = true;
	}

	/** The path the listing is read from: `/v2/events` on a service without `/v2/logs`, which the view says. */
	path(): string {
		return this.ctx.client.logs.endpoint;
	}
}
