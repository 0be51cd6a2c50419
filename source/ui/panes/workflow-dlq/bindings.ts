/** The keys of the Failed runs pane (the workflow DLQ). */
import { bindingsIn } from '../../keys/bind.js';
import { filteredListBindings } from '../../kit/filtered-list/bindings.js';
import { orderBindings } from '../../kit/row-filter/bindings.js';

const key = bindingsIn('failedRuns');

export const workflowDlqBindings = [
	...filteredListBindings('failedRuns', {
		row: 'failed run',
		filters: 'workflow URL, label or time',
		next: 'the next page',
		previous: 'the previous page',
		back: 'closes the detail, else clears /, else clears the filter',
	}),
	key('nav.first', ['home', 'g'], 'the first row of the page'),
	key(
		'failedRuns.resume',
		'u',
		'resume the selected run from the step that failed (a new run): shows the request first',
		{
			hint: 'resume',
			edit: true,
		},
	),
	key(
		'failedRuns.restart',
		'R',
		'restart the selected run from the start (a new run): shows the request first',
		{
			hint: 'restart',
			edit: true,
		},
	),
	key('failedRuns.delete', 'D', 'delete the selected dead letter: shows the request first', {
		hint: 'delete',
		edit: true,
	}),
	key(
		'failedRuns.callback',
		'c',
		"call the selected run's failure callback again (once it failed): shows the request first",
		{ hint: 'callback', edit: true },
	),
	key('failedRuns.runs', 'w', 'the workflow runs (the Workflows view)', { hint: 'runs' }),
	...orderBindings('failedRuns'),
] as const;
