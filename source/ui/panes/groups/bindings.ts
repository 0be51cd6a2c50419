/** The keys of the Groups pane. */
import { bindingsIn } from '../../keys/bind.js';
import { rowBindings } from '../../kit/row-filter/bindings.js';
import { upDown } from '../../kit/tail-list/bindings.js';

const key = bindingsIn('groups');

export const groupsBindings = [
	...upDown('groups', 'select'),
	key('nav.open', 'enter', 'open the group'),
	key('nav.back', 'esc', 'back to the list'),
	...rowBindings('groups', 'URL Groups, or the endpoints of the open group'),
	key('select.mark', ' ', 'mark or unmark the endpoint', { hint: 'mark' }),
	key('group.add', 'a', 'add an endpoint (to this group or a new one)', { hint: 'add', edit: true }),
	key('group.remove', 'x', 'remove the marked endpoints, or endpoints typed by name or URL', {
		hint: 'remove',
		edit: true,
	}),
	key('group.headers', 'h', 'set the default headers', { hint: 'headers', edit: true }),
	key('group.clearHeaders', 'c', 'clear the default headers', { edit: true }),
	key('group.delete', 'D', 'delete the group', { edit: true }),
	key('group.name', 'g', 'type a group name (where the service lists none)'),
] as const;
