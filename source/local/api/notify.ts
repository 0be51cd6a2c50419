/**
 * Events for `waitForEvent` steps (upstash/docs `workflow/openapi.yaml`, the SDK's
 * `notify`, `getWaiters` and wait step):
 * - `POST /v2/wait/{eventId}`: a run's step waits for an event, until its timeout;
 * - `POST /v2/notify/{eventId}`: every waiter of the event gets its data (the body); a
 *   notify nobody waits for is lost;
 * - `POST /v2/notify/{workflowRunId}/{eventId}`: that run's waiter gets it, now or, when the
 *   run does not wait yet, as soon as it does;
 * - `GET /v2/waiters/{eventId}`: who waits for an event.
 */

import { z } from 'zod';
import { DurationError, parseDuration } from '../../api/duration.js';
import { describeZodError } from '../../api/schemas.js';
import type { NotifyResult } from '../../api/workflow-schemas.js';
import type { ServiceContext } from '../context.js';
import { invalid } from '../errors.js';
import { parseJson, readBody } from '../http/body.js';
import { headerFields } from '../http/headers.js';
import { ok, type Reply } from '../http/reply.js';
import type { Request } from '../http/router.js';
import { isConnectionHeader } from '../messages/header-rules.js';
import { waiterResource } from '../workflows/waits.js';

const WaitBody = z.looseObject({
	url: z.string().url(),
	timeout: z.string().min(1),
	timeoutUrl: z.string().url().optional().nullable(),
	timeoutBody: z.string().optional().nullable(),
	timeoutHeaders: z.record(z.string(), z.array(z.string())).optional().nullable(),
	step: z.looseObject({}),
});

function given(id: string | undefined, what = 'event id'): string {
	if (!id?.trim()) throw invalid(`give the ${what} in the path`);
	return id;
}

/** A segment of the raw rest of a path, decoded. */
function decoded(segment: string | undefined, what: string): string {
	try {
		return given(decodeURIComponent(segment ?? ''), what);
	} catch (error) {
		if (error instanceof URIError) throw invalid(`the ${what} is not a valid URL path segment`);
		throw error;
	}
}

export async function wait(ctx: ServiceContext, req: Request): Promise<Reply> {
	const eventId = given(req.params.eventId);
	const body = await readBody(req.raw, ctx.limits.max_message_size);
	const parsed = WaitBody.safeParse(parseJson(body, 'wait'));
	if (!parsed.success) throw invalid(`wait: ${describeZodError(parsed.error)}`);
	const request = parsed.data;
	let timeoutMs: number;
	try {
		timeoutMs = parseDuration(request.timeout);
	} catch (error) {
		if (error instanceof DurationError) throw invalid(`timeout: ${error.message}`);
		throw error;
	}
	const fields = headerFields(req.raw.headers);
	const headers: Record<string, string[]> = {};
	for (const [name, value] of fields)
		if (name !== 'authorization' && !isConnectionHeader(name)) headers[name] = [value];
	const runId = ctx.workflows.headers.runOf(fields);
	if (runId === undefined)
		throw invalid(`${ctx.workflows.headers.runId} is missing: a wait belongs to a run`);
	ctx.workflows.waits.wait(runId, eventId, {
		url: request.url,
		timeout: request.timeout,
		timeoutMs,
		...(request.timeoutUrl ? { timeoutUrl: request.timeoutUrl } : {}),
		...(typeof request.timeoutBody === 'string' ? { timeoutBody: request.timeoutBody } : {}),
		...(request.timeoutHeaders ? { timeoutHeaders: request.timeoutHeaders } : {}),
		headers,
		step: request.step,
	});
	return ok({});
}

export async function notify(ctx: ServiceContext, req: Request): Promise<Reply> {
	const path = (req.params.rest ?? '').split('?')[0]!;
	const parts = path.split('/').filter(Boolean);
	if (parts.length < 1 || parts.length > 2)
		throw invalid('notify /v2/notify/{eventId}, or /v2/notify/{workflowRunId}/{eventId} for one run');
	const data = await readBody(req.raw, ctx.limits.max_message_size);
	ctx.usage.request(ctx.clock.now());
	if (parts.length === 1) {
		const released = ctx.workflows.waits.notify(decoded(parts[0], 'event id'), data);
		const results: NotifyResult[] = released.map(({ waiter, messageId }) => ({
			waiter: waiterResource(waiter),
			messageId,
			workflowRunId: waiter.runId,
		}));
		return { status: 201, json: results };
	}
	const runId = decoded(parts[0], 'workflow run id');
	const { run, waiter, messageId } = ctx.workflows.waits.notifyRun(
		runId,
		decoded(parts[1], 'event id'),
		data,
	);
	const result: NotifyResult = { workflowRunId: run.id, workflowCreatedAt: run.createdAt };
	if (waiter) result.waiter = waiterResource(waiter);
	if (messageId) result.messageId = messageId;
	return { status: 201, json: result };
}

export function waiters(ctx: ServiceContext, req: Request): Reply {
	const eventId = given(req.params.eventId);
	return ok(ctx.waiters.forEvent(eventId).map(waiterResource));
}
