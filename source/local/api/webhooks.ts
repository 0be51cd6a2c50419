/**
 * `/v2/workflows/hooks/{userId}/{workflowRunId}/{eventId}`, any method: the URL a workflow's
 * `createWebhook` step hands out (docs/protocol/workflows.md#webhooks). It takes no credentials:
 * whoever has the URL may call it, as a third party calls back. The request, its body limited as
 * a message's is, becomes the event the run's `waitForWebhook` step waits for.
 */

import { accountUserId } from '../account/account.js';
import type { ServiceContext } from '../context.js';
import { invalid } from '../errors.js';
import { readBody } from '../http/body.js';
import { ok, type Reply } from '../http/reply.js';
import type { Request } from '../http/router.js';
import { canonicalHeaderName, isConnectionHeader } from '../messages/header-rules.js';
import { callWebhook, type WebhookTarget } from '../workflows/webhooks.js';

/** The methods a webhook answers: all a caller may use. */
export const webhookMethods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

function target(rest: string): WebhookTarget {
	const parts = rest.split('?')[0]!.split('/');
	const [userId, runId, eventId] = parts.map((part) => {
		try {
			return decodeURIComponent(part);
		} catch {
			throw invalid('the webhook URL has a segment that is not valid in a URL path');
		}
	});
	if (parts.length !== 3 || !userId || !runId || !eventId)
		throw invalid('a webhook URL is /v2/workflows/hooks/{userId}/{workflowRunId}/{eventId}');
	return { userId, runId, eventId };
}

export async function webhook(ctx: ServiceContext, req: Request): Promise<Reply> {
	const where = target(req.params.rest ?? '');
	const body = await readBody(req.raw, ctx.limits.max_message_size);
	ctx.usage.request(ctx.clock.now());
	const headers: Record<string, string[]> = {};
	for (const [name, values] of Object.entries(req.raw.headersDistinct))
		if (values && !isConnectionHeader(name)) headers[canonicalHeaderName(name)] = values;
	const { run, messageId } = callWebhook(ctx.workflows.waits, accountUserId(ctx.credentials), where, {
		method: req.method,
		headers,
		body,
		proto: 'http',
		host: req.raw.headers.host ?? '',
		url: req.target,
	});
	return ok({ workflowRunId: run.id, eventId: where.eventId, ...(messageId ? { messageId } : {}) });
}
