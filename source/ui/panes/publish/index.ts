/** Publish: a form for one publish, the webhook address, and the batch workflow trigger. */
import { definePane } from '../../contract/pane.js';
import { publishBindings } from './bindings.js';
import { PublishController } from './controller.js';
import { publishForm } from './publish-form.js';
import { initialPublishState, publishReducer, publishScope } from './publish-state.js';
import { PublishView } from './publish-view.js';

export const publishPane = definePane({
	names: { id: 'publish', title: 'Publish', shortTitle: 'Pub', aliases: ['pub', 'send', 'trigger'] },
	summary: 'publish a message or trigger workflow runs, shown before they are sent',
	requires: ['messaging'],
	model: {
		initial: ({ receiverUrl }) => initialPublishState(publishForm(receiverUrl)),
		reduce: publishReducer,
		focus: publishScope,
	},
	Controller: PublishController,
	scopes: { 'publish.trigger': { title: 'batch workflow trigger' } },
	bindings: publishBindings,
	View: PublishView,
});
