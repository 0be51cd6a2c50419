/**
 * The dead letter queue: listing with the filters of the reference
 * (docs/protocol/dead-letters.md#list), reading and removing one record
 * (docs/protocol/dead-letters.md#read-and-delete), retrying one or many (a new message with the
 * record's body, headers and settings, any publish option of the request overriding them:
 * docs/protocol/dead-letters.md#retry), and deleting many. A bulk operation takes `dlqIds`, or
 * filters with `count` and `cursor` (nothing given: all), and is checked whole before it changes
 * anything (docs/protocol/dead-letters.md#bulk-operations). The dead letters of workflow runs name
 * their run, and the workflow SDK lists them (`source=workflow`) and calls a run's failure function
 * again through them.
 */

import type { ServiceContext } from '../context.js';
import { invalid, notFound } from '../errors.js';
import { headerFields } from '../http/headers.js';
import { empty, ok, type Reply } from '../http/reply.js';
import type { Request } from '../http/router.js';
import { checkLimits, republishedMessage } from '../messages/factory.js';
import { decodeOptions } from '../messages/options.js';
import { checkQueueName } from '../publishing/accept.js';
import { type DeadLetter, dlqResource } from '../stores/dlq-store.js';
import type { RunRecord } from '../stores/workflow-run-store.js';
import { defined } from '../workflows/run-log.js';
import {
	dlqFilters,
	type FilterSubject,
	filterPredicate,
	messageSubject,
	parseFilter,
} from './filter-query.js';
import { pageCount, pageCursor } from './paging.js';

const dlqIdShape = /^\d+-\d+$/;

export function dlqNotFound(id: string) {
	return notFound(`dead letter ${JSON.stringify(id)} not found`);
}

/** The run a dead letter failed in, while the service still keeps it. */
export function runOf(ctx: ServiceContext, letter: DeadLetter): RunRecord | undefined {
	const id = letter.message.workflowRunId;
	return id === undefined ? undefined : ctx.runs.get(id);
}

function letterSubject(ctx: ServiceContext, letter: DeadLetter): FilterSubject {
	const subject: FilterSubject = {
		...messageSubject(letter.message, letter.addedAt),
		responseStatus: letter.response?.status,
		dlqId: letter.dlqId,
	};
	if (letter.message.workflowRunId === undefined) return subject;
	const run = runOf(ctx, letter);
	return {
		...subject,
		source: 'workflow',
		workflowRunId: letter.message.workflowRunId,
		workflowUrl: run?.url,
		workflowCreatedAt: run === undefined ? undefined : String(run.createdAt),
		failureFunctionState: run?.failure?.state,
	};
}

/** Which dead letters an operation sees (the workflow DLQ sees those of runs), and its page size. */
export interface DlqScope {
	only?: (letter: DeadLetter) => boolean;
	/** The page when `count` is not given, and the most one answers. */
	count?: { fallback: number; max: number };
}

/** The records a listing or bulk operation selects: a page of them, and the cursor past it. */
function select(
	ctx: ServiceContext,
	req: Request,
	scope: DlqScope,
): { letters: DeadLetter[]; cursor?: string } {
	const filter = parseFilter(req.query, dlqFilters, ['count', 'cursor', ctx.dialect.tokenParam]);
	const count = scope.count ? pageCount(req, scope.count.fallback, scope.count.max) : pageCount(req);
	const cursor = pageCursor(req, dlqIdShape);
	const matches = filterPredicate(filter, (letter: DeadLetter) => letterSubject(ctx, letter));
	const only = scope.only;
	return ctx.dlq.list(
		{ count, cursor, matches: only ? (letter) => only(letter) && matches(letter) : matches },
		ctx.clock.now(),
	);
}

/**
 * A dead letter as the service shows it; one of a workflow run names the run and tells how its
 * failure function or failure URL fared, as the workflow SDK's `dlq.list()` reads it.
 */
export function shownLetter(ctx: ServiceContext, letter: DeadLetter): Record<string, unknown> {
	const record: Record<string, unknown> = { ...dlqResource(letter) };
	const workflowRunId = letter.message.workflowRunId;
	if (workflowRunId === undefined) return record;
	record.workflowRunId = workflowRunId;
	const run = runOf(ctx, letter);
	if (!run) return record;
	record.workflowUrl = run.url;
	record.workflowCreatedAt = run.createdAt;
	const failure = run.failure;
	if (failure?.url !== undefined) record.failureCallback = failure.url;
	if (failure?.state !== undefined) {
		record.failureFunctionState = failure.state;
		record.failureCallbackInfo = defined({
			state: failure.state,
			responseStatus: failure.responseStatus,
			responseBody: failure.responseBody,
			responseHeaders: failure.responseHeaders,
		});
	}
	return record;
}

/**
 * The records a bulk operation changes. With `dlqIds`, a retry needs every one (404 naming those
 * that are gone, and nothing changes); a delete takes those still there, as the deployed service
 * does: the SDK's suite deletes the ids it has just retried, which the retry already took out.
 */
export function selectForChange(
	ctx: ServiceContext,
	req: Request,
	gone: 'refuse' | 'skip',
	scope: DlqScope = {},
): { letters: DeadLetter[]; cursor?: string } {
	const ids = req.query.getAll('dlqIds').flatMap((value) => value.split(',').map((id) => id.trim()));
	const selected = select(ctx, req, scope);
	if (ids.length === 0) return selected;
	const now = ctx.clock.now();
	const inScope = (letter: DeadLetter | undefined) =>
		letter !== undefined && (scope.only === undefined || scope.only(letter)) ? letter : undefined;
	const found = ids.map((id) => ({ id, letter: inScope(ctx.dlq.get(id, now)) }));
	const missing = found.filter(({ letter }) => !letter).map(({ id }) => JSON.stringify(id));
	if (gone === 'refuse' && missing.length > 0)
		throw notFound(`dead letters not found: ${missing.join(', ')}; nothing was changed`);
	return { letters: found.flatMap(({ letter }) => (letter ? [letter] : [])) };
}

export function listDlq(ctx: ServiceContext, req: Request, scope: DlqScope = {}): Reply {
	const { letters, cursor } = select(ctx, req, scope);
	const messages = letters.map((letter) => shownLetter(ctx, letter));
	return ok(cursor === undefined ? { messages } : { messages, cursor });
}

export function getDlq(ctx: ServiceContext, req: Request): Reply {
	const id = req.params.id ?? '';
	const letter = ctx.dlq.get(id, ctx.clock.now());
	if (!letter) throw dlqNotFound(id);
	return ok(shownLetter(ctx, letter));
}

export function deleteDlq(ctx: ServiceContext, req: Request): Reply {
	const id = req.params.id ?? '';
	if (!ctx.dlq.delete(id, ctx.clock.now())) throw dlqNotFound(id);
	return empty();
}

export function deleteDlqMany(ctx: ServiceContext, req: Request, scope: DlqScope = {}): Reply {
	const { letters, cursor } = selectForChange(ctx, req, 'skip', scope);
	const now = ctx.clock.now();
	const deleted = letters.filter((letter) => ctx.dlq.delete(letter.dlqId, now)).length;
	return ok(cursor === undefined ? { deleted } : { deleted, cursor });
}

/** Plans the retries (checking every one) before any is made. */
function retry(ctx: ServiceContext, req: Request, letters: DeadLetter[]): { messageId: string }[] {
	const fields = new Map(headerFields(req.raw.headers));
	// Only the service's own options override the original; the request's Content-Type is not one.
	fields.delete('content-type');
	const overrides = decodeOptions(fields, ctx.dialect);
	const now = ctx.clock.now();
	const messages = letters.map((letter) => {
		const message = republishedMessage(letter.message, overrides, ctx.limits, ctx.dialect, now);
		checkLimits(message.options, ctx.limits, ctx.dialect, now);
		if (message.queueName !== undefined) checkQueueName(ctx, message.queueName);
		return { letter, message };
	});
	return messages.map(({ letter, message }) => {
		ctx.dlq.delete(letter.dlqId, now);
		ctx.usage.request(now);
		if (message.queueName !== undefined) ctx.queues.ensure(message.queueName, now);
		ctx.engine.accept(message);
		return { messageId: message.id };
	});
}

export function retryDlq(ctx: ServiceContext, req: Request): Reply {
	const id = req.params.id ?? '';
	const letter = ctx.dlq.get(id, ctx.clock.now());
	if (!letter) throw dlqNotFound(id);
	const [answer] = retry(ctx, req, [letter]);
	return { status: 201, json: answer };
}

export function retryDlqMany(ctx: ServiceContext, req: Request): Reply {
	const { letters, cursor } = selectForChange(ctx, req, 'refuse');
	const responses = retry(ctx, req, letters);
	return { status: 201, json: cursor === undefined ? { responses } : { responses, cursor } };
}

/**
 * POST /v2/workflows/dlq/callback/{dlqId}: calls the failure function (or failure URL) of the
 * dead letter's run again, when its last call failed (upstash/docs `workflow/openapi.yaml`).
 */
export function retryFailureCallback(ctx: ServiceContext, req: Request): Reply {
	const id = req.params.id ?? '';
	const now = ctx.clock.now();
	const letter = ctx.dlq.get(id, now);
	if (!letter) throw dlqNotFound(id);
	const run = runOf(ctx, letter);
	if (!run) throw invalid(`dead letter ${JSON.stringify(id)} is not of a workflow run`);
	// The failure callback is made of the step that failed the run (its own dead letter, when
	// the failure callback failed too, is not that step).
	const failed = letter.dlqId === run.dlqId ? letter : ctx.dlq.get(run.dlqId ?? '', now);
	if (!failed)
		throw notFound(`the dead letter of the step that failed workflow run ${JSON.stringify(run.id)} is gone`);
	ctx.workflows.failureCallback.retry(run, failed);
	return ok({ workflowRunId: run.id, workflowCreatedAt: run.createdAt });
}
