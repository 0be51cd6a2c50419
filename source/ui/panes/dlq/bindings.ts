/** The keys of the Dead letters pane. */
import { bindingsIn } from '../../keys/bind.js';
import { filteredListBindings } from '../../kit/filtered-list/bindings.js';
import { orderBindings } from '../../kit/row-filter/bindings.js';

const key = bindingsIn('dlq');

export const dlqBindings = [
	...filteredListBindings('dlq', {
		row: 'dead letter',
		filters: 'URL, URL Group, label, response status, time or message id',
		next: 'the next page',
		previous: 'the previous page',
		back: 'closes the detail, else clears / and the order, else unmarks everything, else clears the filter',
	}),
	key('nav.first', ['home', 'g'], 'the first row of the page'),
	key('select.mark', ' ', 'mark or unmark the dead letter (marks stay across pages)', {
		hint: 'mark',
		detail: false,
	}),
	key('dlq.markAll', '*', 'mark every dead letter the filter matches, on every page (again: unmark)', {
		hint: 'all',
		detail: false,
	}),
	key(
		'dlq.retry',
		'R',
		'retry the marked dead letters, or the selected one: shows the request and the count first',
		{ hint: 'retry', edit: true },
	),
	key(
		'dlq.delete',
		'D',
		'delete the marked dead letters, or the selected one: shows the request and the count first',
		{ hint: 'delete', edit: true },
	),
	key('dlq.logs', 'l', 'the delivery logs of its message (the Logs view)', { hint: 'logs' }),
	...orderBindings('dlq'),
] as const;
