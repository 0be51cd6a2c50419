/** The keys of the Messages pane. */
import { bindingsIn } from '../../keys/bind.js';
import { filterBinding, orderBindings } from '../../kit/row-filter/bindings.js';
import { tailing } from '../../kit/tail-list/bindings.js';

const key = bindingsIn('messages');

export const messagesBindings = [
	...tailing('messages', 'message'),
	filterBinding('messages', 'messages'),
	key('message.follow', 'i', 'type a message id to follow', { hint: 'follow id', detail: false }),
	key('message.cancel', 'c', 'cancel the selected message (asks first; not in read-only mode)', {
		edit: true,
		hint: 'cancel msg',
	}),
	// After the pane's own: the key line at 80 columns keeps `i follow id` beside `/ filter`.
	...orderBindings('messages'),
] as const;
