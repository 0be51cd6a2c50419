/**
 * What a view of named resources with actions (Schedules, Queues, Flow control) does outside
 * React: the list polled from one endpoint with a row kept selected by its key, one change at
 * a time shown first and sent only when confirmed (request-flow), and, where a view shows a
 * trend, one sample of each row's number from every new answer. A pane's controller extends it
 * with its own actions; the pane's state is a RequestListState with its trends.
 */
import type { Endpoint } from '../../data/endpoints.js';
import { entryOf, type PollStore } from '../../data/poll-store.js';
import type { CommandHandlers } from '../../keys/commands.js';
import { type RequestContext, RequestController } from '../request-flow/request-controller.js';
import type { RequestListState } from '../request-flow/request-flow-state.js';
import { type RowCommand, rowCommands } from '../row-filter/commands.js';
import { filterOf, rowArranger } from '../row-filter/row-filter.js';
import type { RowFilterState } from '../row-filter/row-filter-state.js';
import type { Column } from '../table/table-view.js';
import { type TailCommand, tailNavigationOf } from '../tail-list/navigation.js';
import { selectedIndex } from '../tail-list/selection.js';

/** What the controller runs on: a pane's context has all of it. */
export interface ResourceContext<S, A> extends RequestContext<S, A> {
	polls: PollStore;
}

export interface ResourceList<Row> {
	endpoint: Endpoint<Row[]>;
	/** The key a row is selected by: its name or id. */
	key(row: Row): string;
	/** What a row is, for notices: `queue`. */
	noun: string;
	/** The number each row's trend follows, sampled on every new answer. */
	trend?(row: Row): number | undefined;
}

/** One sample of every row's number; a state keeps them with kit/trend's addSamples. */
export type TrendSample = {
	type: 'trend/sample';
	samples: readonly (readonly [string, number | undefined])[];
};

export class ResourceController<
	Row,
	S extends RequestListState & RowFilterState,
	A extends { type: string },
> extends RequestController<S, A> {
	private sampled: unknown;
	private readonly unsubscribe: (() => void) | undefined;
	private readonly arrange = rowArranger<Row>();
	/** The columns the list was last shown with: what `/` reads and `o` sorts by. */
	private columns: readonly Column<Row>[] = [];
	/** The rows of the list as last drawn, and the scroll positions of its open detail. */
	private frame = { listHeight: 1, scrolls: 1 };

	/** The handlers of the keys such a list has: move (and open) the selection, filter and sort. */
	protected readonly navigation: CommandHandlers<TailCommand> = tailNavigationOf(() => ({
		list: () => this.state,
		dispatch: (action) => this.dispatch(action as A),
		keys: this.keys(),
		listHeight: this.frame.listHeight,
		scrolls: this.frame.scrolls,
	}));
	protected readonly rowCommands: CommandHandlers<RowCommand> = rowCommands({
		dispatch: (action) => this.dispatch(action as unknown as A),
		columns: () => this.columns,
		keep: () => this.dispatch({ type: 'select', key: this.selectedKey() } as unknown as A),
	});

	constructor(
		protected override readonly ctx: ResourceContext<S, A>,
		private readonly list: ResourceList<Row>,
	) {
		super(ctx);
		if (list.trend) this.unsubscribe = ctx.polls.subscribe(() => this.sample());
	}

	/** The rows as last polled, in the service's order. */
	rows(): readonly Row[] | undefined {
		return entryOf(this.ctx.polls.getSnapshot(), this.list.endpoint)?.data;
	}

	/**
	 * The rows as shown: those the filter keeps, in the order chosen, over `columns` (the view's,
	 * kept for the keys: give the same array while they do not change). Worked out again only
	 * when the rows, the columns, the filter or the order change.
	 */
	shown(columns?: readonly Column<Row>[]): readonly Row[] | undefined {
		if (columns) this.columns = columns;
		const rows = this.rows();
		return rows && this.arrange(rows, this.columns, filterOf(this.state.filter), this.state.order);
	}

	/** What the view drew: how many rows the list shows, and how far the open detail scrolls. */
	drawn(frame: { listHeight: number; scrolls?: number }): void {
		this.frame = { listHeight: frame.listHeight, scrolls: frame.scrolls ?? 1 };
	}

	private keys(): string[] {
		return (this.shown() ?? []).map(this.list.key);
	}

	private selectedKey(): string | undefined {
		const keys = this.keys();
		return keys[selectedIndex(keys, this.state.selected)];
	}

	/** The selected row: the one kept selected, or the first shown. */
	current(): Row | undefined {
		const rows = this.shown() ?? [];
		return rows[selectedIndex(rows.map(this.list.key), this.state.selected)];
	}

	/** Runs `act` on the selected row, or says there is none. */
	protected withCurrent(act: (row: Row) => void): void {
		const row = this.current();
		if (row) act(row);
		else this.info(`no ${this.list.noun} selected`);
	}

	override dispose(): void {
		super.dispose();
		this.unsubscribe?.();
	}

	/** Each new answer is one sample of every row's number. */
	private sample(): void {
		const rows = this.rows();
		const trend = this.list.trend;
		if (!rows || rows === this.sampled || !trend) return;
		this.sampled = rows;
		const sample: TrendSample = {
			type: 'trend/sample',
			samples: rows.map((row) => [this.list.key(row), trend(row)]),
		};
		// A pane with trends takes the samples among its actions: its state keeps them.
		this.dispatch(sample as unknown as A);
	}
}
