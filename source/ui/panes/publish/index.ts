/** Publish: a form for one publish, the webhook address, and the batch workflow trigger. */
import { definePane } from '../../contract/pane.js';
import { publishBindings } from './bindings.js';
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
	bindings: publishBindings,
	View: PublishView,
});
