/**
 * The controller of a pane that browses one index's data (Vector, Search): the index shown,
 * chosen from the account's list (kit/index-picker's controller), made or deleted from there, and
 * its data as IndexDataController browses it. Its commands are the list's, the data view's, then
 * the pane's own, each while it has the keys; the pane adds what is only its own.
 */
import type { Endpoint } from '../../data/endpoints.js';
import { entryOf, type PollState } from '../../data/poll-store.js';
import type { ReadableStore } from '../../data/store.js';
import type { Command, CommandHandler } from '../../keys/commands.js';
import { type IndexPickBindings, IndexPickerController } from '../index-picker/index-picker-controller.js';
import type { IndexListing } from '../index-picker/listing.js';
import type { Column } from '../table/table-view.js';
import {
	type IndexDataBindings,
	type IndexDataContext,
	IndexDataController,
} from './index-data-controller.js';
import type { IndexedDataState } from './indexed-data-state.js';
import type { DataPlane } from './plane.js';

/** An index as the account's listing has it: its id, and its name where it has one. */
export interface ListedIndex {
	id: string;
	name?: string | undefined;
}

/** The list's keys in its scope (pickScope), and the data view's (dataScope), as the pane declares them. */
export interface IndexedKeys {
	pick: { scope: string; bindings: IndexPickBindings };
	data: { scope: string; bindings: IndexDataBindings };
}

/** What a pane says of its indexes for the kit to choose among them and browse their data. */
export interface IndexedPane<T extends ListedIndex, Id extends string, Spec> {
	plane: DataPlane<Id, Spec>;
	keys: IndexedKeys;
	/** The poll of the account's indexes. */
	listing: Endpoint<IndexListing<T>>;
	/** What is listed where the service lists nothing: the indexes the pane knows, from its polls. */
	known?(polls: PollState): readonly T[];
	columns: readonly Column<T>[];
}

/** What the controller runs on: a pane's context has all of it. */
export interface IndexedDataContext<S, A> extends IndexDataContext<S, A> {
	polls: ReadableStore<PollState>;
}

export class IndexedDataController<
	S extends IndexedDataState<Id, Spec>,
	A,
	T extends ListedIndex,
	Id extends string,
	Spec,
> extends IndexDataController<S, A, Id, Spec> {
	/** The list of indexes: its rows and keys, and what its fields do. */
	readonly picker: IndexPickerController<T>;
	private readonly unsubscribe: (() => void)[];

	constructor(
		protected override readonly ctx: IndexedDataContext<S, A>,
		protected readonly pane: IndexedPane<T, Id, Spec>,
	) {
		super(ctx, pane.plane);
		const { known } = pane;
		this.picker = new IndexPickerController<T>({
			...pane.keys.pick,
			state: () => this.state,
			dispatch: (action) => this.dispatch(action as A),
			listing: () => entryOf(ctx.polls.getSnapshot(), pane.listing),
			...(known ? { known: () => known(ctx.polls.getSnapshot()) } : {}),
			columns: pane.columns,
			idOf: (index) => index.id,
			nameOf: (index) => index.name,
			edits: {
				create: (typed) => this.askCreateIndex(typed),
				delete: (id, name) => this.askDeleteIndex(id, name),
			},
		});
		const settle = () => this.picker.settle();
		this.unsubscribe = [ctx.polls.subscribe(settle), ctx.store.subscribe(settle)];
	}

	/** The list's keys, then the data view's: the pane puts its own after them. */
	protected indexCommands(): Command[] {
		return [
			...this.picker.commands,
			...this.dataCommands(this.pane.keys.data.bindings, this.pane.keys.data.scope),
		];
	}

	/** What `i` and `d` do in the pane's own scope: open the list, show the data. */
	protected readonly indexKeys: { 'index.pick': CommandHandler; 'data.open': CommandHandler } = {
		'index.pick': () => this.dispatch({ type: 'index/pick' } as A),
		'data.open': () => this.open(),
	};

	/** The data is drawn only while no index is being chosen. */
	protected override showsData(): boolean {
		return !this.state.picking && !this.state.typing && super.showsData();
	}

	override dispose(): void {
		super.dispose();
		for (const off of this.unsubscribe) off();
	}
}
