/**
 * Workflow triggers (docs/protocol/workflows.md#triggers): each item starts a run, exactly as the
 * workflow SDK's trigger does: the route is called with the run's id, creation time and initial
 * payload, and the run then goes on as the SDK drives it. A run id the account already has is
 * answered with the existing run (deduplicated). A batch is checked whole before any run starts.
 */

import { isHttpUrl } from '../../api/publish-options.js';
import { describeZodError, WorkflowTriggerItems, type WorkflowTriggerResult } from '../../api/schemas.js';
import { randomId } from '../../signing/keys.js';
import type { ServiceContext } from '../context.js';
import { invalid } from '../errors.js';
import { parseJson, readBody } from '../http/body.js';
import { headerFields } from '../http/headers.js';
import { ok, type Reply } from '../http/reply.js';
import type { Request } from '../http/router.js';
import { incomingHops } from '../messages/hops.js';
import { mergeFields } from '../messages/options.js';
import { batchBodyFactor, checkSize, located } from '../publishing/accept.js';
import type { StartPlan, Submission } from '../workflows/submissions.js';
import { checkDaily, parseTarget } from './publish.js';

function planTrigger(ctx: ServiceContext, submission: Submission, where: string): StartPlan {
	return located(where, () => {
		if (!isHttpUrl(submission.url))
			throw invalid(
				`invalid destination ${JSON.stringify(submission.url)}: expected an http:// or https:// URL`,
			);
		checkSize(ctx, submission.body);
		const runId = ctx.workflows.headers.runOf(submission.fields) ?? `wfr_${randomId(24)}`;
		const { options, hops } = ctx.workflows.submissions.settings(submission);
		return ctx.workflows.submissions.planStart(runId, { ...submission, hops }, options);
	});
}

function start(ctx: ServiceContext, plan: StartPlan): WorkflowTriggerResult {
	ctx.usage.request(plan.submission.now);
	const { run, deduplicated } = ctx.workflows.lifecycle.start(plan);
	return { workflowRunId: run.id, workflowCreatedAt: run.createdAt, deduplicated };
}

export async function batchTrigger(ctx: ServiceContext, req: Request): Promise<Reply> {
	checkDaily(ctx);
	const body = await readBody(req.raw, ctx.limits.max_message_size * batchBodyFactor, 'batch');
	const parsed = WorkflowTriggerItems.safeParse(parseJson(body, 'batch trigger'));
	if (!parsed.success) throw invalid(`batch trigger: ${describeZodError(parsed.error, 'items')}`);
	const now = ctx.clock.now();
	// Loop detection's count is the request's: the items' headers are not headers of a request.
	const hops = incomingHops(headerFields(req.raw.headers), ctx.dialect);
	const ids = new Set<string>();
	const plans = parsed.data.map((item, index) => {
		const fields = new Map(
			Object.entries(item.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]),
		);
		const where = `items[${index}]: `;
		const plan = planTrigger(
			ctx,
			{
				url: item.destination,
				body: Buffer.from(item.body ?? '', 'utf8'),
				fields,
				callerIp: req.callerIp,
				hops,
				now,
			},
			where,
		);
		if (ids.has(plan.runId)) {
			throw invalid(
				`${where}workflow run id ${JSON.stringify(plan.runId)} appears more than once in the batch`,
			);
		}
		ids.add(plan.runId);
		return plan;
	});
	const results = plans.map((plan) => start(ctx, plan));
	return ok(results, ctx.rateLimiter.dailyCount(plans.length));
}

export async function trigger(ctx: ServiceContext, req: Request): Promise<Reply> {
	const target = parseTarget(ctx, req.params.rest ?? '');
	if (target.kind !== 'url') throw invalid('a workflow is triggered on a URL, not on a URL Group');
	checkDaily(ctx);
	const body = await readBody(req.raw, ctx.limits.max_message_size);
	const fields = mergeFields(target.config, headerFields(req.raw.headers));
	const plan = planTrigger(
		ctx,
		{
			url: target.url,
			body,
			fields,
			callerIp: req.callerIp,
			hops: incomingHops(fields, ctx.dialect),
			now: ctx.clock.now(),
		},
		'',
	);
	return ok(start(ctx, plan), ctx.rateLimiter.dailyCount());
}
