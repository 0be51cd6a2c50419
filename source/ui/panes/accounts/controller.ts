/**
 * The Accounts pane's keys: move through the accounts (or scroll the open one), open one (the
 * Overview then shows it), reveal the credentials, filter and sort. They act on the accounts as
 * the view drew them last (`drawn`).
 */

import type { PaneContext } from '../../contract/pane.js';
import type { Account } from '../../data/endpoints.js';
import { commands } from '../../keys/commands.js';
import { arrangeRows, type RowFilter } from '../../kit/row-filter/row-filter.js';
import type { RowFilterAction } from '../../kit/row-filter/row-filter-state.js';
import type { Column } from '../../kit/table/table-view.js';
import { type AccountsAction, type AccountsState, accountsReducer } from './accounts-state.js';
import { accountsBindings } from './bindings.js';

/** What the view drew: the accounts listed and shown, over which columns and filter, and how far the detail scrolls. */
export interface AccountsFrame {
	listed: readonly Account[];
	shown: readonly Account[] | undefined;
	columns: readonly Column<Account>[];
	filter: RowFilter | undefined;
	detailScrolls: number;
}

type Reorder = Extract<RowFilterAction, { type: 'order/step' | 'order/reverse' }>;

export class AccountsController {
	private frame: AccountsFrame = {
		listed: [],
		shown: undefined,
		columns: [],
		filter: undefined,
		detailScrolls: 1,
	};

	constructor(private readonly ctx: PaneContext<AccountsState, AccountsAction>) {}

	readonly commands = commands(accountsBindings, 'accounts', {
		'nav.up': () => this.move(-1),
		'nav.down': () => this.move(1),
		'nav.pageUp': (_, size) => this.move(-page(size.height)),
		'nav.pageDown': (_, size) => this.move(page(size.height)),
		'nav.open': () => this.open(),
		'nav.back': () => this.dispatch({ type: 'back' }),
		'secrets.reveal': () => this.ctx.shell.dispatch({ type: 'reveal/toggle' }),
		'filter.edit': () => this.dispatch({ type: 'filter/open' }),
		'sort.next': () => this.reorder({ type: 'order/step', headers: this.headers(), step: 1 }),
		'sort.previous': () => this.reorder({ type: 'order/step', headers: this.headers(), step: -1 }),
		'sort.reverse': () => this.reorder({ type: 'order/reverse', headers: this.headers() }),
	});

	drawn(frame: AccountsFrame): void {
		this.frame = frame;
	}

	private dispatch(action: AccountsAction): void {
		this.ctx.store.dispatch(action);
	}

	private headers(): string[] {
		return this.frame.columns.map((c) => c.header);
	}

	private count(): number {
		return this.frame.shown?.length ?? 0;
	}

	/** The account under the cursor now: keys read together may have moved it since the last frame. */
	private underCursor(): Account | undefined {
		return this.frame.shown?.[Math.min(this.ctx.store.getSnapshot().cursor, Math.max(0, this.count() - 1))];
	}

	/** In the detail view the arrows scroll it; in the table they move the selection. */
	private move(delta: number): void {
		if (this.ctx.store.getSnapshot().detail)
			this.dispatch({ type: 'detail/scroll', delta, count: this.frame.detailScrolls });
		else this.dispatch({ type: 'cursor/move', delta, count: this.count() });
	}

	private open(): void {
		const user = this.underCursor();
		if (!user) return;
		this.ctx.shell.dispatch({ type: 'account/select', id: user.id });
		this.dispatch({ type: 'detail/open' });
	}

	/** Another order, the account under the cursor kept under it wherever the order puts it. */
	private reorder(action: Reorder): void {
		const before = this.ctx.store.getSnapshot();
		const user = this.underCursor();
		this.dispatch(action);
		const { listed, columns, filter } = this.frame;
		const after = arrangeRows(listed, columns, filter, accountsReducer(before, action).order);
		const at = user ? after.indexOf(user) : -1;
		if (at >= 0) this.dispatch({ type: 'cursor/move', delta: at - before.cursor, count: after.length });
	}
}

/** Rows a page key moves: the table's, under its heading and header. */
const page = (height: number) => Math.max(1, height - 3);
