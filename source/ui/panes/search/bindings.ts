/** The keys of the Search pane. */
import { bindingsIn } from '../../keys/bind.js';
import { indexEdit } from '../../kit/index-prompt/index-prompt-state.js';

export const searchBindings = [
	indexEdit('search', 'search index'),
	bindingsIn('search')('secrets.reveal', 'v', 'reveal or hide the index tokens', { hint: 'reveal' }),
] as const;
