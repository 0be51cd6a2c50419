/** The keys of the Workflows pane. */
import { bindingsIn } from '../../keys/bind.js';
import { rowBindings } from '../../kit/row-filter/bindings.js';
import { tailing } from '../../kit/tail-list/bindings.js';

/** Enter opens a run on its time line, and there a step: said in the help and the key line. */
const opening = tailing('workflows', 'run').map((binding) =>
	binding.command === 'nav.open'
		? {
				...binding,
				description:
					"open the run: its steps on a time line; there, open the selected step's input, output and retries",
				detail: { label: 'step' },
			}
		: binding.command === 'nav.up'
			? { ...binding, detail: { keys: '↑↓', label: 'move' } }
			: binding,
);

export const workflowsBindings = [
	...opening,
	...rowBindings('workflows', 'runs'),
	bindingsIn('workflows')(
		'workflow.cancel',
		'c',
		'cancel the selected run, after showing the request (not in read-only mode)',
		{ edit: true, hint: 'cancel run' },
	),
	bindingsIn('workflows')(
		'workflow.deadLetters',
		'd',
		'the failed runs (the workflow DLQ): resume from the failed step, restart, delete, failure callback again',
		{ hint: 'failed runs' },
	),
] as const;
