/** The keys of the Accounts pane. */
import { bindingsIn } from '../../keys/bind.js';
import { rowBindings } from '../../kit/row-filter/bindings.js';
import { upDown } from '../../kit/tail-list/bindings.js';

const key = bindingsIn('accounts');

export const accountsBindings = [
	...upDown('accounts', 'select'),
	key('nav.open', 'enter', 'use in the Overview, open detail', { hint: 'use/detail' }),
	key('nav.back', 'esc', 'back to the list, else clear the filter and the order', { hint: 'back' }),
	key('secrets.reveal', 'v', 'reveal or hide tokens and passwords', { hint: 'reveal' }),
	...rowBindings('accounts', 'accounts'),
] as const;
