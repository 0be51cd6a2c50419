/** The keys of the Accounts pane. */
import { bindingsIn } from '../../keys/bind.js';
import { upDown } from '../../kit/tail-list/bindings.js';

const key = bindingsIn('accounts');

export const accountsBindings = [
	...upDown('accounts', 'select'),
	key('nav.open', 'enter', 'use in the Overview, open detail', { hint: 'use/detail' }),
	key('nav.back', 'esc', 'back to the list', { hint: 'back' }),
	key('secrets.reveal', 'v', 'reveal or hide tokens and passwords', { hint: 'reveal' }),
] as const;
