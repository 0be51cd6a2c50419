/** The Search pane's work outside React: its database's documents, browsed with the kit (./data-plane.ts). */
import type { PaneContext } from '../../contract/pane.js';
import { IndexDataController } from '../../kit/index-data/index-data-controller.js';
import { type SearchField, type SearchSpec, searchPlane } from './data-plane.js';
import type { SearchAction, SearchState } from './search-state.js';

export class SearchController extends IndexDataController<
	SearchState,
	SearchAction,
	SearchField,
	SearchSpec
> {
	constructor(context: PaneContext<SearchState, SearchAction>) {
		super(context, searchPlane);
	}
}
