/** Dead letters: the messages whose retries ran out, filtered by the service; retry and delete them. */
import { definePane } from '../../contract/pane.js';
import { pollRequest } from '../../data/endpoints.js';
import { dlqBindings } from './bindings.js';
import { DlqController } from './controller.js';
import {
	type DlqAction,
	type DlqState,
	dlqReducer,
	dlqScope,
	initialDlqState,
	leaveDlq,
	openDlq,
} from './dlq-state.js';
import { DlqView } from './dlq-view.js';
import { dlqPageEndpoint } from './endpoints.js';

export const dlqPane = definePane<DlqState, DlqAction, DlqController>({
	id: 'dlq',
	title: 'Dead letters',
	shortTitle: 'DLQ',
	aliases: ['dead', 'deadletters'],
	numberKey: false,
	summary: 'the messages whose retries ran out: filter, read the last answer, retry or delete',
	initial: () => initialDlqState,
	reduce: dlqReducer,
	leave: leaveDlq,
	open: openDlq,
	controller: (context) => new DlqController(context),
	polls: ({ state }) => [pollRequest(dlqPageEndpoint, { filter: state.query, cursor: state.cursor })],
	bindings: dlqBindings,
	showsDetail: (state) => state.detail,
	focus: dlqScope,
	View: DlqView,
});
