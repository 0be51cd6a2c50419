/** The keys of the Logs pane. */
import { bindingsIn } from '../../keys/bind.js';
import { filteredListBindings } from '../../kit/filtered-list/bindings.js';
import { orderBindings } from '../../kit/row-filter/bindings.js';

const key = bindingsIn('logs');

export const logsBindings = [
	...filteredListBindings('logs', {
		row: 'entry',
		filters: 'state, message id, URL, URL Group, label or time',
		next: 'older entries (the next page)',
		previous: 'newer entries (the page before)',
		back: 'closes the detail, else clears / and the order, else clears the filter',
	}),
	key('nav.first', ['home', 'g'], 'back to the newest entries, following new ones', {
		hint: { keys: 'g', label: 'follow' },
		detail: false,
	}),
	key('logs.message', 'm', 'its message, followed in Messages', { hint: 'message' }),
	key('logs.dlq', 'd', 'its dead letters (Dead letters, filtered by its message id)', {
		hint: 'dead letter',
	}),
	key('logs.callbacks', 'c', 'its callbacks (Callbacks, filtered by its message id)', { hint: 'callbacks' }),
	...orderBindings('logs'),
] as const;
