/**
 * The list of indexes a pane chooses its index from (Vector, Search), outside React: the rows
 * it shows (the filter and order over the listing), its keys (move, show, back, type an id,
 * make or delete an index, filter and sort) and what its two fields do when answered. Where the
 * service lists no indexes and the pane knows none, the id is typed instead (`settle`).
 */
import type { EndpointEntry } from '../../data/poll-store.js';
import { type Command, commands, type ViewSize } from '../../keys/commands.js';
import { rowCommands } from '../row-filter/commands.js';
import { filterOf, rowArranger } from '../row-filter/row-filter.js';
import type { RowFilterAction } from '../row-filter/row-filter-state.js';
import type { Column } from '../table/table-view.js';
import { selectedIndex } from '../tail-list/selection.js';
import {
	type IndexAction,
	type IndexChoice,
	indexFocus,
	type indexPickBindings,
} from './index-picker-state.js';
import type { IndexListing } from './listing.js';

/** The list's keys as its pane declares them (indexPickBindings in the pane's pick scope). */
export type IndexPickBindings = ReturnType<typeof indexPickBindings<string>>;

/** What the list runs on: the pane's state and the poll of its listing. */
export interface IndexPickerOptions<T> {
	/** The scope of the list's keys (pickScope). */
	scope: string;
	bindings: IndexPickBindings;
	/** The choice as it is now, with the question the pane asks (asked from the list when its data is closed). */
	state(): IndexChoice & { confirm?: unknown; open?: boolean };
	dispatch(action: IndexAction): void;
	listing(): EndpointEntry<IndexListing<T>> | undefined;
	/** What is listed where the service lists nothing: the indexes the pane knows (the one shown). */
	known?(): readonly T[];
	columns: readonly Column<T>[];
	idOf(index: T): string;
	nameOf?(index: T): string | undefined;
	/** Making and deleting indexes from the list: each asked as its exact request first. */
	edits?: {
		/** Shows the request that makes the index typed; false keeps the line open (what was wrong is the notice). */
		create(typed: string): boolean;
		delete(id: string, name: string | undefined): void;
	};
}

/** What the list draws, worked out from the state and the listing as they are now. */
export interface IndexPickerFrame<T> {
	listing: EndpointEntry<IndexListing<T>> | undefined;
	/** Every index listed (or known, where the service lists none), before the filter. */
	listed: readonly T[];
	/** Those the filter keeps, in the order chosen. */
	rows: readonly T[];
	/** The selected row among `rows`. */
	selected: number;
	/** The service answered that it lists none (its status in the listing). */
	unlisted: boolean;
	/** Nothing to list: the id is typed. */
	nothing: boolean;
}

const none: readonly never[] = [];

/** Rows a page key moves: those under the list's heading and the table's header. */
const page = (size: ViewSize) => Math.max(1, size.height - 3);

export class IndexPickerController<T> {
	private readonly arrange = rowArranger<T>();

	/** The list's keys, while it has them (no field open, no question asked). */
	readonly commands: readonly Command[];

	constructor(private readonly options: IndexPickerOptions<T>) {
		const { bindings, scope, edits } = options;
		this.commands = commands(
			bindings,
			scope,
			{
				'nav.up': () => this.move(-1),
				'nav.down': () => this.move(1),
				'nav.pageUp': (_, size) => this.move(-page(size)),
				'nav.pageDown': (_, size) => this.move(page(size)),
				'nav.open': () => {
					const id = this.selectedId();
					if (id !== undefined) options.dispatch({ type: 'index/set', id });
				},
				'nav.back': () => this.cancel(),
				'index.type': () => options.dispatch({ type: 'index/type' }),
				'index.create': () => {
					if (edits) options.dispatch({ type: 'index/create', open: true });
				},
				'index.delete': () => {
					const { rows, selected } = this.frame();
					const index = rows[selected];
					if (edits && index !== undefined) edits.delete(options.idOf(index), options.nameOf?.(index));
				},
				...rowCommands({
					dispatch: (action) => this.filter(action),
					columns: options.columns,
					keep: () => {
						const id = this.selectedId();
						if (id !== undefined) options.dispatch({ type: 'index/move', id });
					},
				}),
			},
			() => indexFocus(options.state(), scope) === scope,
		);
	}

	get columns(): readonly Column<T>[] {
		return this.options.columns;
	}

	/** Whether the index of `row` is the one shown. */
	isShown(row: T): boolean {
		return this.options.idOf(row) === this.options.state().indexId;
	}

	frame(): IndexPickerFrame<T> {
		const state = this.options.state();
		const listing = this.options.listing();
		const data = listing?.data;
		// A service without the listing: the indexes known, and the id of another is typed (t).
		const unlisted = data?.listed === false;
		const listed = data?.listed ? data.indexes : (this.options.known?.() ?? none);
		const rows = this.arrange(listed, this.options.columns, filterOf(state.filter), state.order);
		const selected = selectedIndex(rows.map(this.options.idOf), state.cursor ?? state.indexId);
		return { listing, listed, rows, selected, unlisted, nothing: unlisted && rows.length === 0 };
	}

	/** Turns the open list to the id's field where there is nothing to list (called as the state or the polls change). */
	settle(): void {
		if (this.options.state().picking && this.frame().nothing) this.options.dispatch({ type: 'index/type' });
	}

	private selectedId(): string | undefined {
		const { rows, selected } = this.frame();
		const index = rows[selected];
		return index === undefined ? undefined : this.options.idOf(index);
	}

	private move(delta: number): void {
		const { rows, selected } = this.frame();
		if (rows.length === 0) return;
		const index = rows[Math.min(rows.length - 1, Math.max(0, selected + delta))]!;
		this.options.dispatch({ type: 'index/move', id: this.options.idOf(index) });
	}

	// What the list's fields do when answered.

	/** The filter's field and the sort keys. */
	filter(action: RowFilterAction): void {
		this.options.dispatch(action);
	}

	/** The typed id: that index is shown. */
	choose(id: string): void {
		this.options.dispatch({ type: 'index/set', id });
	}

	/** What makes a new index, typed: its request is shown, and the line closes unless what was typed is wrong. */
	create(typed: string): void {
		if (this.options.edits?.create(typed)) this.options.dispatch({ type: 'index/create', open: false });
	}

	/** Esc: closes a field, else clears the filter and order, else closes the list. */
	cancel(): void {
		this.options.dispatch({ type: 'index/cancel' });
	}
}
