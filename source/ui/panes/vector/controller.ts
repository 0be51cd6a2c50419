/** The Vector pane's work outside React: its index's data, browsed with the kit (./data-plane.ts). */
import type { PaneContext } from '../../contract/pane.js';
import { type Command, commands } from '../../keys/commands.js';
import { IndexDataController } from '../../kit/index-data/index-data-controller.js';
import { vectorIndexBindings, vectorScrollBindings } from './bindings.js';
import { type VectorField, type VectorSpec, vectorPlane } from './data-plane.js';
import type { VectorAction, VectorState } from './vector-state.js';

export class VectorController extends IndexDataController<
	VectorState,
	VectorAction,
	VectorField,
	VectorSpec
> {
	/** The statistics as drawn: how far they scroll, and a page of their lines; none while not shown. */
	private stats: { scrollable: number; page: number } | undefined;

	/** Its keys: pick the index, browse its data, and scroll its statistics while they are shown. */
	readonly commands: readonly Command[] = [
		...commands(vectorIndexBindings, 'vector', {
			'index.pick': () => this.dispatch({ type: 'index/pick' }),
			'data.open': () => this.open(),
		}),
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
		super(context, vectorPlane);
	}

	/** What the view drew of the statistics (undefined: none). */
	drawnStats(stats: { scrollable: number; page: number } | undefined): void {
		this.stats = stats;
	}

	private scroll(delta: number): void {
		if (this.stats) this.dispatch({ type: 'scroll', delta, count: this.stats.scrollable + 1 });
	}
}
