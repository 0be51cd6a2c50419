/**
 * The operations of the local service and how each is authenticated. One server answers
 * both APIs: the management paths and the messaging paths do not overlap.
 */

import type { ServiceContext } from '../context.js';
import { invalid, ServiceError } from '../errors.js';
import { type AuthScheme, authorization, checkBasic, checkBearer, Secrets } from '../http/auth.js';
import { type Handler, Router } from '../http/router.js';
import { batchPublish } from './batch.js';
import { addDataPlaneRoutes } from './data-planes.js';
import * as dlq from './dlq.js';
import * as flow from './flow-control.js';
import * as indexAdmin from './index-management.js';
import * as keys from './keys.js';
import * as logs from './logs.js';
import * as management from './management.js';
import * as messages from './messages.js';
import * as notify from './notify.js';
import { publish } from './publish.js';
import * as queues from './queues.js';
import * as schedules from './schedules.js';
import * as topics from './topics.js';
import { webhook, webhookMethods } from './webhooks.js';
import * as workflowDlq from './workflow-dlq.js';
import * as runs from './workflow-runs.js';
import * as workflows from './workflows.js';

interface RouteMeta {
	/**
	 * `index-token`: the index data planes check the index's own tokens themselves; `open`: no
	 * credentials (a workflow's webhook URL, called by whoever it was given to).
	 */
	auth: AuthScheme | 'index-token' | 'open';
}

/**
 * @param settle resolves once what was changed so far is kept (rejects when it cannot be): an
 *   answer goes out only then.
 */
export function buildRouter(
	ctx: ServiceContext,
	onError: (error: unknown) => void,
	settle: () => Promise<void> | undefined,
): Router<RouteMeta> {
	const secrets = new Secrets(ctx.credentials);
	const router = new Router<RouteMeta>({
		before(req, meta) {
			if (meta.auth === 'index-token') return;
			if (meta.auth === 'basic') {
				checkBasic(req.raw.headers, secrets);
				return;
			}
			if (meta.auth !== 'open') {
				// The query is read only when no Authorization header is there to take precedence.
				const queryToken =
					meta.auth === 'bearer-or-query' && authorization(req.raw.headers) === undefined
						? (req.query.get(ctx.dialect.tokenParam) ?? undefined)
						: undefined;
				checkBearer(req.raw.headers, secrets, queryToken);
			}
			const verdict = ctx.rateLimiter.burst();
			if (!verdict.ok) throw new ServiceError('rate-limited', verdict.message, verdict.headers);
		},
		onError,
		settle,
	});
	const basic: RouteMeta = { auth: 'basic' };
	const bearer: RouteMeta = { auth: 'bearer' };
	const publishAuth: RouteMeta = { auth: 'bearer-or-query' };
	const h = (
		fn: (ctx: ServiceContext, req: Parameters<Handler<RouteMeta>>[0]) => ReturnType<Handler<RouteMeta>>,
	) => ((req) => fn(ctx, req)) as Handler<RouteMeta>;
	const segment = ctx.dialect.productSegment;

	router
		.add('GET', `/v2/${segment}/users`, basic, h(management.listUsers))
		.add('GET', `/v2/${segment}/stats/:id`, basic, h(management.mqStats))
		// The Developer API's QStash user: the vendor documents /<product>/user[/rotatetoken] off
		// /v2; its own CLI sends /v2/<product>/user/{id} and /v2/<product>/rotate-token/{id}.
		.add('GET', `/${segment}/user`, basic, h(management.mqUser))
		.add('POST', `/${segment}/user/rotatetoken`, basic, h(management.rotateToken))
		.add('GET', `/v2/${segment}/user/:id`, basic, h(management.mqUser))
		.add('POST', `/v2/${segment}/rotate-token/:id`, basic, h(management.rotateToken))
		.add('GET', '/v2/vector/index', basic, h(management.listVectorIndexes))
		.add('POST', '/v2/vector/index', basic, h(indexAdmin.createVectorIndex))
		// Before the `:id` routes, which would take `stats` for an id.
		.add('GET', '/v2/vector/index/stats', basic, h(indexAdmin.vectorTotals))
		.add('GET', '/v2/vector/index/:id', basic, h(management.vectorIndex))
		.add('DELETE', '/v2/vector/index/:id', basic, h(indexAdmin.deleteVectorIndex))
		.add('GET', '/v2/vector/index/:id/stats', basic, h(management.vectorStats))
		.add('POST', '/v2/vector/index/:id/rename', basic, h(indexAdmin.renameVectorIndex))
		.add('POST', '/v2/vector/index/:id/reset-password', basic, h(indexAdmin.resetVectorPassword))
		.add('GET', '/v2/search', basic, h(indexAdmin.listSearchIndexes))
		.add('POST', '/v2/search', basic, h(indexAdmin.createSearchIndex))
		.add('GET', '/v2/search/stats', basic, h(indexAdmin.searchTotals))
		.add('GET', '/v2/search/:id', basic, h(indexAdmin.searchIndex))
		.add('DELETE', '/v2/search/:id', basic, h(indexAdmin.deleteSearchIndex))
		.add('GET', '/v2/search/:id/stats', basic, h(indexAdmin.searchStats))
		.add('POST', '/v2/search/:id/rename', basic, h(indexAdmin.renameSearchIndex))
		.add('POST', '/v2/search/:id/reset-password', basic, h(indexAdmin.resetSearchPassword))
		.add('POST', '/v2/publish', publishAuth, () => {
			throw invalid('missing destination: publish to /v2/publish/<URL or URL Group name>');
		})
		.add('POST', '/v2/publish/*rest', publishAuth, h(publish))
		.add('GET', '/v2/messages/:id', bearer, h(messages.getMessage))
		.add('DELETE', '/v2/messages/:id', bearer, h(messages.cancelMessage))
		.add('DELETE', '/v2/messages', bearer, h(messages.cancelMessages))
		.add('POST', '/v2/batch', bearer, h(batchPublish))
		.add('GET', '/v2/logs', bearer, h(logs.listLogs))
		.add('GET', '/v2/events', bearer, h(logs.listEvents))
		.add('GET', '/v2/dlq', bearer, h(dlq.listDlq))
		.add('DELETE', '/v2/dlq', bearer, h(dlq.deleteDlqMany))
		.add('POST', '/v2/dlq/retry', bearer, h(dlq.retryDlqMany))
		.add('POST', '/v2/dlq/retry/:id', bearer, h(dlq.retryDlq))
		.add('GET', '/v2/dlq/:id', bearer, h(dlq.getDlq))
		.add('DELETE', '/v2/dlq/:id', bearer, h(dlq.deleteDlq))
		.add('GET', '/v2/queues', bearer, h(queues.listQueues))
		.add('POST', '/v2/queues', bearer, h(queues.upsertQueue))
		.add('GET', '/v2/queues/:name', bearer, h(queues.getQueue))
		.add('DELETE', '/v2/queues/:name', bearer, h(queues.deleteQueue))
		.add('POST', '/v2/queues/:name/pause', bearer, h(queues.pauseQueue))
		.add('POST', '/v2/queues/:name/resume', bearer, h(queues.resumeQueue))
		.add('POST', '/v2/enqueue/:queue/*rest', publishAuth, h(queues.enqueue))
		.add('GET', '/v2/schedules', bearer, h(schedules.listSchedules))
		.add('GET', '/v2/schedules/:id', bearer, h(schedules.getSchedule))
		.add('DELETE', '/v2/schedules/:id', bearer, h(schedules.deleteSchedule))
		// The reference pauses with POST; the official SDK sends PATCH.
		.add('POST', '/v2/schedules/:id/pause', bearer, h(schedules.pauseSchedule))
		.add('PATCH', '/v2/schedules/:id/pause', bearer, h(schedules.pauseSchedule))
		.add('POST', '/v2/schedules/:id/resume', bearer, h(schedules.resumeSchedule))
		.add('PATCH', '/v2/schedules/:id/resume', bearer, h(schedules.resumeSchedule))
		.add('POST', '/v2/schedules/*rest', bearer, h(schedules.createSchedule))
		.add('GET', '/v2/flowControl', bearer, h(flow.listFlowControl))
		.add('GET', '/v2/flowControl/:key', bearer, h(flow.getFlowControl))
		.add('POST', '/v2/flowControl/:key/pause', bearer, h(flow.pauseFlowControl))
		.add('POST', '/v2/flowControl/:key/resume', bearer, h(flow.resumeFlowControl))
		.add('POST', '/v2/flowControl/:key/pin', bearer, h(flow.pinFlowControl))
		.add('POST', '/v2/flowControl/:key/unpin', bearer, h(flow.unpinFlowControl))
		.add('POST', '/v2/flowControl/:key/resetRate', bearer, h(flow.resetFlowControlRate))
		.add('GET', '/v2/globalParallelism', bearer, h(flow.globalParallelism))
		.add('GET', '/v2/topics', bearer, h(topics.listGroups))
		.add('GET', '/v2/topics/:name', bearer, h(topics.getGroup))
		.add('PATCH', '/v2/topics/:name', bearer, h(topics.setHeaders))
		.add('DELETE', '/v2/topics/:name', bearer, h(topics.deleteGroup))
		.add('POST', '/v2/topics/:name/endpoints', bearer, h(topics.addEndpoints))
		.add('DELETE', '/v2/topics/:name/endpoints', bearer, h(topics.removeEndpoints))
		.add('POST', '/v2/batch/trigger', bearer, h(workflows.batchTrigger))
		.add('POST', '/v2/trigger/*rest', bearer, h(workflows.trigger))
		.add('GET', '/v2/workflows/logs', bearer, h(runs.workflowLogs))
		.add('GET', '/v2/workflows/events', bearer, h(runs.workflowEvents))
		.add('GET', '/v2/workflows/runs/:id', bearer, h(runs.runSteps))
		.add('DELETE', '/v2/workflows/runs/:id', bearer, h(runs.deleteRun))
		.add('DELETE', '/v2/workflows/runs', bearer, h(runs.cancelRuns))
		.add('GET', '/v2/workflows/dlq', bearer, h(workflowDlq.listWorkflowDlq))
		.add('DELETE', '/v2/workflows/dlq', bearer, h(workflowDlq.deleteWorkflowDlqMany))
		.add('POST', '/v2/workflows/dlq/resume', bearer, h(workflowDlq.resumeWorkflowDlqMany))
		.add('POST', '/v2/workflows/dlq/resume/:id', bearer, h(workflowDlq.resumeWorkflowDlq))
		.add('POST', '/v2/workflows/dlq/restart', bearer, h(workflowDlq.restartWorkflowDlqMany))
		.add('POST', '/v2/workflows/dlq/restart/:id', bearer, h(workflowDlq.restartWorkflowDlq))
		.add('POST', '/v2/workflows/dlq/callback/:id', bearer, h(dlq.retryFailureCallback))
		.add('DELETE', '/v2/workflows/dlq/callback/:id', bearer, h(workflowDlq.cancelFailureCallback))
		.add('GET', '/v2/workflows/dlq/:id', bearer, h(workflowDlq.getWorkflowDlq))
		.add('DELETE', '/v2/workflows/dlq/:id', bearer, h(workflowDlq.deleteWorkflowDlq))
		.add('POST', '/v2/wait/:eventId', bearer, h(notify.wait))
		.add('POST', '/v2/notify/*rest', bearer, h(notify.notify))
		.add('GET', '/v2/waiters/:eventId', bearer, h(notify.waiters))
		.add('GET', '/v2/keys', bearer, h(keys.getKeys))
		.add('POST', '/v2/keys/rotate', bearer, h(keys.rotateKeys));
	for (const method of webhookMethods)
		router.add(method, '/v2/workflows/hooks/*rest', { auth: 'open' }, h(webhook));
	addDataPlaneRoutes<RouteMeta>(router, { auth: 'index-token' }, ctx);
	return router;
}
