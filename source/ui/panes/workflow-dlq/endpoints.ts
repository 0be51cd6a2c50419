import type { Liberal } from '../../../api/liberal.js';
import { type WorkflowDlqFilter, workflowDlqPageLimit } from '../../../api/workflow-dlq-api.js';
import type { WorkflowDlqPage, WorkflowDlqRecord } from '../../../api/workflow-schemas.js';
import { pageEndpoint } from '../../kit/filtered-list/controller.js';

/** A failed run's dead letter as read: its `dlqId`, and whatever else the service sent. */
export type FailedRun = Liberal<typeof WorkflowDlqRecord>;
export type FailedRunPage = Liberal<typeof WorkflowDlqPage>;

/** One page of the workflow DLQ, filtered by the service. */
export const workflowDlqPageEndpoint = pageEndpoint<FailedRunPage, WorkflowDlqFilter>({
	key: 'workflowDlqPage',
	label: 'failed workflow runs',
	count: workflowDlqPageLimit,
	list: (client, query, signal) => client.workflowDlq.list(query, signal),
});
