/** Publish: a form for one publish, the webhook address, and the batch workflow trigger. */
import { definePane } from '../../contract/pane.js';
import { upDown } from '../../kit/tail-list/bindings.js';
import { PublishController } from './controller.js';
import { publishForm } from './publish-form.js';
import {
	initialPublishState,
	type PublishAction,
	type PublishState,
	publishReducer,
	publishScope,
} from './publish-state.js';
import { PublishView } from './publish-view.js';

export const publishPane = definePane<PublishState, PublishAction, PublishController>({
	id: 'publish',
	title: 'Publish',
	shortTitle: 'Pub',
	aliases: ['pub', 'send', 'trigger'],
	numberKey: true,
	summary: 'publish a message or trigger workflow runs, shown before they are sent',
	requires: ['messaging'],
	initial: ({ receiverUrl }) => initialPublishState(publishForm(receiverUrl)),
	reduce: publishReducer,
	controller: (context) => new PublishController(context),
	scopes: { 'publish.trigger': { title: 'batch workflow trigger' } },
	focus: publishScope,
	bindings: [
		{
			command: 'publish.edit',
			scope: 'publish',
			keys: ['enter', 'e'],
			description: 'edit the form',
			hint: { keys: 'e', label: 'edit' },
		},
		{
			command: 'publish.send',
			scope: 'publish',
			keys: ['s'],
			description: 'send the publish (shown first)',
			hint: { label: 'send' },
			edit: true,
		},
		{
			command: 'publish.trigger',
			scope: 'publish',
			keys: ['t'],
			description: 'batch workflow trigger',
			hint: { label: 'trigger' },
		},
		{
			command: 'secrets.reveal',
			scope: 'publish',
			keys: ['v'],
			description: 'reveal or hide the token of the webhook address',
			hint: { label: 'reveal' },
		},
		{
			command: 'clipboard.copy',
			scope: 'publish',
			keys: ['c'],
			description: 'copy the webhook address to the clipboard (OSC 52)',
			hint: { label: 'copy' },
		},
		// The batch workflow trigger, a view inside the pane.
		...upDown('publish.trigger', 'select'),
		{
			command: 'trigger.add',
			scope: 'publish.trigger',
			keys: ['a'],
			description: 'add an item',
			hint: { label: 'add' },
		},
		{
			command: 'trigger.load',
			scope: 'publish.trigger',
			keys: ['l'],
			description: 'load items from a JSON file',
			hint: { label: 'load' },
		},
		{
			command: 'trigger.remove',
			scope: 'publish.trigger',
			keys: ['x'],
			description: 'remove the selected item',
		},
		{
			command: 'trigger.send',
			scope: 'publish.trigger',
			keys: ['s'],
			description: 'trigger the runs (shown first)',
			hint: { label: 'send' },
			edit: true,
		},
		{
			command: 'trigger.back',
			scope: 'publish.trigger',
			keys: ['t', 'esc'],
			description: 'back to the publish form',
			hint: { keys: 't', label: 'publish' },
		},
	],
	View: PublishView,
});
