import {
	type FailedRunPage,
	type WorkflowDlqFilter,
	workflowDlqPageLimit,
} from '../../../api/workflow-dlq-api.js';
import { pageEndpoint } from '../../kit/filtered-list/controller.js';

/** One page of the workflow DLQ, filtered by the service. */
export const workflowDlqPageEndpoint = pageEndpoint<FailedRunPage, WorkflowDlqFilter>({
	key: 'workflowDlqPage',
	label: 'failed workflow runs',
	count: workflowDlqPageLimit,
	list: (client, query, signal) => client.workflowDlq.list(query, signal),
});
