/** The keys of the Workflows pane. */
import { bindingsIn } from '../../keys/bind.js';
import { rowBindings } from '../../kit/row-filter/bindings.js';
import { tailing } from '../../kit/tail-list/bindings.js';

export const workflowsBindings = [
	...tailing('workflows', 'run'),
	...rowBindings('workflows', 'runs'),
	bindingsIn('workflows')(
		'workflow.cancel',
		'c',
		'cancel the selected run, after showing the request (not in read-only mode)',
		{ edit: true, hint: 'cancel run' },
	),
] as const;
