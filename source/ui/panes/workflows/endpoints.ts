import type { RunLog } from '../../../api/workflows-api.js';
import { defineEndpoint } from '../../data/endpoints.js';

/** The newest runs with their steps, as many as the list shows. */
export const runsEndpoint = defineEndpoint<RunLog[], { count: number }>({
	key: 'workflowRuns',
	api: 'messaging',
	label: 'workflow runs',
	params: (p) => String(p.count),
	fetch: (client, p, signal) => client.workflows.recent(p.count, {}, signal),
});

/** The run whose steps are open, kept live even once newer runs push it off the list. */
export const runEndpoint = defineEndpoint<RunLog | undefined, { runId: string }>({
	key: 'workflowRun',
	api: 'messaging',
	label: 'workflow run',
	concurrency: 1,
	params: (p) => p.runId,
	fetch: (client, p, signal) => client.workflows.run(p.runId, signal),
});
