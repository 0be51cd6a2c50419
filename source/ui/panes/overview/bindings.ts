/** The keys of the Overview pane. */
import { bindingsIn } from '../../keys/bind.js';
import { upDown } from '../../kit/tail-list/bindings.js';

const key = bindingsIn('overview');

export const overviewBindings = [
	...upDown('overview', 'scroll'),
	key('nav.left', ['left', 'h'], 'previous day of the month', { hint: { keys: '←→', label: 'day' } }),
	key('nav.right', ['right', 'l'], 'next day of the month'),
] as const;
