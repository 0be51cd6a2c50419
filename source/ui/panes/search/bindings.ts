/** The keys of the Search pane: the index it shows is picked from a list; its tokens are revealed. */
import { bindingsIn } from '../../keys/bind.js';
import { indexPick, indexPickBindings, pickScope } from '../../kit/index-picker/index-picker-state.js';

export const searchPickScope = pickScope('search');

export const searchBindings = [
	indexPick('search', 'search index'),
	bindingsIn('search')('secrets.reveal', 'v', 'reveal or hide the index tokens', { hint: 'reveal' }),
] as const;

export const searchPickBindings = indexPickBindings(searchPickScope, 'search index');
