/** The keys of the Publish pane, and of the batch workflow trigger, a view inside it. */
import { bindingsIn } from '../../keys/bind.js';
import { upDown } from '../../kit/tail-list/bindings.js';

const key = bindingsIn('publish');
const triggerKey = bindingsIn('publish.trigger');

export const publishBindings = [
	key('publish.edit', ['enter', 'e'], 'edit the form', { hint: { keys: 'e', label: 'edit' } }),
	key('publish.send', 's', 'send the publish (shown first)', { hint: 'send', edit: true }),
	key('publish.trigger', 't', 'batch workflow trigger', { hint: 'trigger' }),
	key('secrets.reveal', 'v', 'reveal or hide the token of the webhook address', { hint: 'reveal' }),
	key('clipboard.copy', 'c', 'copy the webhook address to the clipboard (OSC 52)', { hint: 'copy' }),
	...upDown('publish.trigger', 'select'),
	triggerKey('trigger.add', 'a', 'add an item', { hint: 'add' }),
	triggerKey('trigger.load', 'l', 'load items from a JSON file', { hint: 'load' }),
	triggerKey('trigger.remove', 'x', 'remove the selected item'),
	triggerKey('trigger.send', 's', 'trigger the runs (shown first)', { hint: 'send', edit: true }),
	triggerKey('trigger.back', ['t', 'esc'], 'back to the publish form', {
		hint: { keys: 't', label: 'publish' },
	}),
] as const;
