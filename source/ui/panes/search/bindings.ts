/** The keys of the Search pane: the index it shows is picked from a list; its tokens are revealed; d shows its documents. */
import { bindingsIn } from '../../keys/bind.js';
import { dataOpenBinding, dataScope, indexDataBindings } from '../../kit/index-data/bindings.js';
import type { IndexedKeys } from '../../kit/index-data/indexed-data-controller.js';
import { indexPick, indexPickBindings, pickScope } from '../../kit/index-picker/index-picker-state.js';

export const searchPickScope = pickScope('search');

export const searchBindings = [
	indexPick('search', 'search index'),
	bindingsIn('search')('secrets.reveal', 'v', 'reveal or hide the index tokens', { hint: 'reveal' }),
	dataOpenBinding('search', "search database's documents"),
] as const;

export const searchPickBindings = indexPickBindings(searchPickScope, 'search index');
export const searchDataScope = dataScope('search');
export const searchDataBindings = indexDataBindings(searchDataScope, 'search database');

/** The list's keys and the data's, for the controller to handle. */
export const searchIndexedKeys: IndexedKeys = {
	pick: { scope: searchPickScope, bindings: searchPickBindings },
	data: { scope: searchDataScope, bindings: searchDataBindings },
};
