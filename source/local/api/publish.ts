/**
 * POST /v2/publish/{destination}: publish to a URL or fan out to every endpoint of a URL
 * Group, with configuration from headers or query, deduplication, and the daily limit.
 * Also webhook ingestion: the same address with the token in the query.
 */

import type { ServiceContext } from '../context.js';
import { invalid, ServiceError } from '../errors.js';
import { readBody } from '../http/body.js';
import { headerFields } from '../http/headers.js';
import type { Reply } from '../http/reply.js';
import type { Request } from '../http/router.js';
import { mergeFields } from '../messages/options.js';
import { commitAccept, planAccept } from '../publishing/accept.js';
import { type PublishTarget, parsePublishTarget, TargetError } from './publish-target.js';

export function parseTarget(ctx: ServiceContext, rest: string): PublishTarget {
	try {
		return parsePublishTarget(rest, ctx.dialect);
	} catch (error) {
		if (error instanceof TargetError) throw invalid(error.message);
		throw error;
	}
}

/** Refuses a publish once the day's hard limit is reached. */
export function checkDaily(ctx: ServiceContext): void {
	const verdict = ctx.rateLimiter.dailyCheck();
	if (!verdict.ok) throw new ServiceError('rate-limited', verdict.message, verdict.headers);
}

export function publish(ctx: ServiceContext, req: Request): Promise<Reply> {
	return acceptPublishRequest(ctx, req, undefined);
}

/** A publish request (or an enqueue, with the queue it names) read, checked and accepted. */
export async function acceptPublishRequest(
	ctx: ServiceContext,
	req: Request,
	queueName: string | undefined,
): Promise<Reply> {
	const target = parseTarget(ctx, req.params.rest ?? '');
	checkDaily(ctx);
	const body = await readBody(req.raw, ctx.limits.max_message_size);
	const plan = planAccept(ctx, {
		destination: target,
		fields: mergeFields(target.config, headerFields(req.raw.headers)),
		body,
		callerIp: req.callerIp,
		now: ctx.clock.now(),
		queueName,
	});
	const { status, json } = commitAccept(ctx, plan);
	return { status, json, headers: ctx.rateLimiter.dailyCount() };
}
