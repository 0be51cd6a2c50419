/** Dead letters: the messages whose retries ran out, filtered by the service; retry and delete them. */
import { definePane } from '../../contract/pane.js';
import { pollRequest } from '../../data/endpoints.js';
import { filteredListBindings } from '../../kit/filtered-list/bindings.js';
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
	polls: ({ state }) => [pollRequest(dlqPageEndpoint, { filter: state.filter, cursor: state.cursor })],
	bindings: [
		...filteredListBindings('dlq', {
			row: 'dead letter',
			filters: 'URL, URL Group, label, response status, time or message id',
			next: 'the next page',
			previous: 'the previous page',
			back: 'closes the detail, else unmarks everything, else clears the filter',
		}),
		{ command: 'nav.first', scope: 'dlq', keys: ['home', 'g'], description: 'the first row of the page' },
		{
			command: 'select.mark',
			scope: 'dlq',
			keys: [' '],
			description: 'mark or unmark the dead letter (marks stay across pages)',
			hint: { label: 'mark' },
		},
		{
			command: 'dlq.markAll',
			scope: 'dlq',
			keys: ['*'],
			description: 'mark every dead letter the filter matches, on every page (again: unmark)',
			hint: { label: 'all' },
		},
		{
			command: 'dlq.retry',
			scope: 'dlq',
			keys: ['R'],
			description:
				'retry the marked dead letters, or the selected one: shows the request and the count first',
			hint: { label: 'retry' },
			edit: true,
		},
		{
			command: 'dlq.delete',
			scope: 'dlq',
			keys: ['D'],
			description:
				'delete the marked dead letters, or the selected one: shows the request and the count first',
			hint: { label: 'delete' },
			edit: true,
		},
		{
			command: 'dlq.logs',
			scope: 'dlq',
			keys: ['l'],
			description: 'the delivery logs of its message (the Logs view)',
			hint: { label: 'logs' },
		},
	],
	focus: dlqScope,
	View: DlqView,
});
