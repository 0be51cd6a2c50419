/** The keys of the Search pane: the index it shows is picked from a list; its tokens are revealed; d shows its documents. */
import { bindingsIn } from '../../keys/bind.js';
import { dataOpenBinding, dataScope, indexDataBindings } from '../../kit/index-data/bindings.js';
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
