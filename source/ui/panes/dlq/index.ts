/** Dead letters: the messages whose retries ran out, filtered by the service; retry and delete them. */
import { definePane } from '../../contract/pane.js';
import { pageRequest } from '../../kit/filtered-list/controller.js';
import { dlqBindings } from './bindings.js';
import { DlqController } from './controller.js';
import { dlqModel } from './dlq-state.js';
import { DlqView } from './dlq-view.js';
import { dlqPageEndpoint } from './endpoints.js';

export const dlqPane = definePane({
	names: { id: 'dlq', title: 'Dead letters', shortTitle: 'DLQ', aliases: ['dead', 'deadletters'] },
	summary: 'the messages whose retries ran out: filter, read the last answer, retry or delete',
	model: dlqModel,
	Controller: DlqController,
	polls: ({ state }) => [pageRequest(dlqPageEndpoint, state)],
	bindings: dlqBindings,
	View: DlqView,
});
