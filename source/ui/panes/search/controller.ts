/** The Search pane's work outside React: its database's documents, browsed with the kit (./data-plane.ts). */
import type { PaneContext } from '../../contract/pane.js';
import { type Command, commands } from '../../keys/commands.js';
import { IndexDataController } from '../../kit/index-data/index-data-controller.js';
import { searchBindings } from './bindings.js';
import { type SearchField, type SearchSpec, searchPlane } from './data-plane.js';
import type { SearchAction, SearchState } from './search-state.js';

export class SearchController extends IndexDataController<
	SearchState,
	SearchAction,
	SearchField,
	SearchSpec
> {
	/** Its keys: pick the index, reveal the tokens, browse the documents. */
	readonly commands: readonly Command[];

	constructor(context: PaneContext<SearchState, SearchAction>) {
		super(context, searchPlane);
		this.commands = commands(searchBindings, 'search', {
			'index.pick': () => this.dispatch({ type: 'index/pick' }),
			'secrets.reveal': () => context.shell.dispatch({ type: 'reveal/toggle' }),
			'data.open': () => this.open(),
		});
	}
}
