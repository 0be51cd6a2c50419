/** The keys of the Callbacks pane. */
import { bindingsIn } from '../../keys/bind.js';
import { rowBindings } from '../../kit/row-filter/bindings.js';
import { tailing } from '../../kit/tail-list/bindings.js';

const key = bindingsIn('callbacks');

export const callbacksBindings = [
	...tailing('callbacks', 'callback'),
	...rowBindings('callbacks', 'callbacks'),
	// R, as Dead letters' retry: r refreshes everywhere.
	key(
		'callbacks.replay',
		'R',
		'send the request again to the app (the forward URL), signed afresh, after showing it',
		{
			hint: 'send again',
		},
	),
	key('callbacks.replay-edit', 'e', 'edit the body, then send the request again to the app'),
	key('secrets.reveal', 'v', 'reveal or hide the signing keys', { hint: 'reveal' }),
] as const;
