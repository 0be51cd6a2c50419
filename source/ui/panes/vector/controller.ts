/**
 * The Vector pane's work outside React: the index shown, picked from the account's list, and its
 * data, browsed with the kit (./data-plane.ts); and the scrolling of its statistics.
 */
import type { PaneContext } from '../../contract/pane.js';
import { type Command, commands } from '../../keys/commands.js';
import { IndexedDataController } from '../../kit/index-data/indexed-data-controller.js';
import { vectorIndexBindings, vectorIndexedKeys, vectorScrollBindings } from './bindings.js';
import { type VectorField, type VectorSpec, vectorPlane } from './data-plane.js';
import { type VectorIndexReading, vectorIndexesEndpoint } from './endpoints.js';
import { vectorIndexColumns } from './vector-model.js';
import type { VectorAction, VectorState } from './vector-state.js';

export class VectorController extends IndexedDataController<
	VectorState,
	VectorAction,
	VectorIndexReading,
	VectorField,
	VectorSpec
> {
	/** The statistics as drawn: how far they scroll, and a page of their lines; none while not shown. */
	private stats: { scrollable: number; page: number } | undefined;

	/** Its keys: the list of indexes', the data's, then pick and show the data, and scroll the statistics while they are shown. */
	readonly commands: readonly Command[] = [
		...this.indexCommands(),
		...commands(vectorIndexBindings, 'vector', this.indexKeys),
		...commands(
			vectorScrollBindings,
			'vector',
			{
				'nav.up': () => this.scroll(-1),
				'nav.down': () => this.scroll(1),
				'nav.pageUp': () => this.scroll(-(this.stats?.page ?? 1)),
				'nav.pageDown': () => this.scroll(this.stats?.page ?? 1),
			},
			() => this.stats !== undefined,
		),
	];

	constructor(context: PaneContext<VectorState, VectorAction>) {
		super(context, {
			plane: vectorPlane,
			keys: vectorIndexedKeys,
			listing: vectorIndexesEndpoint,
			columns: vectorIndexColumns,
		});
	}

	/** What the view drew of the statistics (undefined: none). */
	drawnStats(stats: { scrollable: number; page: number } | undefined): void {
		this.stats = stats;
	}

	private scroll(delta: number): void {
		if (this.stats) this.dispatch({ type: 'scroll', delta, count: this.stats.scrollable + 1 });
	}
}
