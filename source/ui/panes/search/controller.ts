/**
 * The Search pane's work outside React: the database shown, picked from the account's list, and
 * its documents, browsed with the kit (./data-plane.ts); and its tokens revealed.
 */
import type { PaneContext } from '../../contract/pane.js';
import { entryOf } from '../../data/poll-store.js';
import { type Command, commands } from '../../keys/commands.js';
import { IndexedDataController } from '../../kit/index-data/indexed-data-controller.js';
import { searchBindings, searchIndexedKeys } from './bindings.js';
import { type SearchField, type SearchSpec, searchPlane } from './data-plane.js';
import { type SearchIndexReading, searchIndexEndpoint, searchIndexesEndpoint } from './endpoints.js';
import { searchIndexColumns } from './search-model.js';
import type { SearchAction, SearchState } from './search-state.js';

export class SearchController extends IndexedDataController<
	SearchState,
	SearchAction,
	SearchIndexReading,
	SearchField,
	SearchSpec
> {
	/** Its keys: the list of databases', the documents', then pick, reveal the tokens, show the documents. */
	readonly commands: readonly Command[];

	constructor(context: PaneContext<SearchState, SearchAction>) {
		super(context, {
			plane: searchPlane,
			keys: searchIndexedKeys,
			listing: searchIndexesEndpoint,
			// Where the service lists none, the list has the database read last (the one shown before a typo).
			known: (polls) => {
				const shown = entryOf(polls, searchIndexEndpoint)?.data;
				return shown ? [shown] : [];
			},
			columns: searchIndexColumns,
		});
		this.commands = [
			...this.indexCommands(),
			...commands(searchBindings, 'search', {
				...this.indexKeys,
				'secrets.reveal': () => context.shell.dispatch({ type: 'reveal/toggle' }),
			}),
		];
	}
}
