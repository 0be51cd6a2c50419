/**
 * The operations of the local service and how each is authenticated. One server answers
 * both APIs: the management paths and the messaging paths do not overlap.
 */

import type { ServiceContext } from '../context.js';
import { invalid, ServiceError } from '../errors.js';
import { type AuthScheme, checkBasic, checkBearer, Secrets } from '../http/auth.js';
import { type Handler, Router } from '../http/router.js';
import { batchPublish } from './batch.js';
import { addDataPlaneRoutes } from './data-planes.js';
import * as dlq from './dlq.js';
import * as flow from './flow-control.js';
import * as keys from './keys.js';
import * as logs from './logs.js';
import * as management from './management.js';
import * as messages from './messages.js';
import * as notify from './notify.js';
import { publish } from './publish.js';
import * as queues from './queues.js';
import * as schedules from './schedules.js';
import * as topics from './topics.js';
import * as workflowDlq from './workflow-dlq.js';
import * as runs from './workflow-runs.js';
import * as workflows from './workflows.js';

interface RouteMeta {
	/** `index-token`: the index data planes check the index's own tokens themselves. */
	auth: AuthScheme | 'index-token';
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
			const queryToken =
				meta.auth === 'bearer-or-query' ? (req.query.get(ctx.dialect.tokenParam) ?? undefined) : undefined;
			checkBearer(req.raw.headers, secrets, queryToken);
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
		.add('GET', '/v2/vector/index', basic, h(management.listVectorIndexes))
		.add('GET', '/v2/vector/index/:id', basic, h(management.vectorIndex))
		.add('GET', '/v2/vector/index/:id/stats', basic, h(management.vectorStats))
		.add('GET', '/v2/search/:id', basic, h(management.searchIndex))
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
	addDataPlaneRoutes<RouteMeta>(router, { auth: 'index-token' }, ctx);
	return router;
}
