/** The keys of the Flow control pane. */
import { bindingsIn } from '../../keys/bind.js';
import { clearBinding, rowBindings } from '../../kit/row-filter/bindings.js';
import { pauseResume, upDown } from '../../kit/tail-list/bindings.js';

const key = bindingsIn('flow');

export const flowBindings = [
	...upDown('flow', 'select'),
	...pauseResume(
		'flow',
		'flow',
		'pause the key: none of its deliveries start (shown first)',
		'resume the key (shown first)',
	),
	key('flow.pin', 'P', 'pin a parallelism, rate or period over what messages ask for (a form)', {
		hint: { keys: 'P/U', label: 'pin/unpin' },
		edit: true,
	}),
	key('flow.unpin', 'U', 'unpin the parallelism, the rate or both (a form)', { edit: true }),
	key('flow.resetRate', 'z', 'reset the rate: a fresh rate period starts now (shown first)', {
		hint: 'reset rate',
		edit: true,
	}),
	...rowBindings('flow', 'flow-control keys'),
	clearBinding('flow'),
] as const;
