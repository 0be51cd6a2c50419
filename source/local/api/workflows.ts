/**
 * Workflow triggers (decisions.md, "Workflow triggers"): each item starts a run, which is a
 * message to the workflow URL carrying `<prefix>Workflow-RunId` and
 * `<prefix>Workflow-CreatedAt`. A run id the account already has is answered with the
 * existing run (deduplicated). A batch is checked whole before any run starts.
 */
import { prefixed } from '../../api/dialect.js';
import { isHttpUrl } from '../../api/publish-options.js';
import { describeZodError, WorkflowTriggerItems, type WorkflowTriggerResult } from '../../api/schemas.js';
import { randomId } from '../../signing/keys.js';
import type { ServiceContext } from '../context.js';
import { parseJson, readBody } from '../http/body.js';
import { headerFields } from '../http/headers.js';
import { badRequest, HttpError, ok, type Reply } from '../http/reply.js';
import type { Request } from '../http/router.js';
import { checkLimits, createMessage } from '../messages/factory.js';
import { incomingHops } from '../messages/hops.js';
import type { StoredMessage } from '../messages/message.js';
import { decodeOptions, mergeFields } from '../messages/options.js';
import { batchBodyFactor } from '../publishing/accept.js';
import { checkDaily, parseTarget } from './publish.js';

interface RunPlan {
	result: WorkflowTriggerResult;
	/** Undefined when the run already exists. */
	message: StoredMessage | undefined;
}

function planRun(
	ctx: ServiceContext,
	input: {
		destination: string;
		body: Buffer;
		fields: ReadonlyMap<string, string>;
		callerIp: string;
		/** Loop detection's count, when the fields are not the request's own headers. */
		hops?: number;
		now: number;
	},
	where: string,
): RunPlan {
	if (!isHttpUrl(input.destination))
		throw badRequest(
			`${where}invalid destination ${JSON.stringify(input.destination)}: expected an http:// or https:// URL`,
		);
	if (input.body.length > ctx.limits.max_message_size) {
		throw new HttpError(
			413,
			`${where}body of ${input.body.length} bytes exceeds the plan's max_message_size of ${ctx.limits.max_message_size} bytes`,
		);
	}
	const runIdHeader = prefixed(ctx.dialect, 'Workflow-RunId');
	const runId = input.fields.get(runIdHeader.toLowerCase())?.trim() || `wfr_${randomId(24)}`;
	const existing = ctx.runs.get(runId);
	if (existing) {
		return {
			result: { workflowRunId: existing.id, workflowCreatedAt: existing.createdAt, deduplicated: true },
			message: undefined,
		};
	}
	let options: ReturnType<typeof decodeOptions>;
	try {
		options = decodeOptions(input.fields, ctx.dialect);
		checkLimits(options, ctx.limits, ctx.dialect, input.now);
	} catch (error) {
		if (error instanceof HttpError)
			throw new HttpError(error.status, `${where}${error.message}`, error.headers);
		throw error;
	}
	const message = createMessage(
		{
			kind: 'workflow',
			url: input.destination,
			options,
			body: input.body,
			incoming: input.fields,
			extraHeaders: {
				[runIdHeader]: runId,
				[prefixed(ctx.dialect, 'Workflow-CreatedAt')]: String(input.now),
			},
			callerIp: input.callerIp,
			workflowRunId: runId,
			hops: input.hops,
			now: input.now,
		},
		ctx.limits,
		ctx.dialect,
	);
	return { result: { workflowRunId: runId, workflowCreatedAt: input.now, deduplicated: false }, message };
}

function start(ctx: ServiceContext, plans: RunPlan[], now: number): Record<string, string> {
	for (const plan of plans) {
		ctx.usage.request(now, { runStarted: plan.message !== undefined });
		if (!plan.message) continue;
		ctx.runs.add({ id: plan.result.workflowRunId, createdAt: plan.result.workflowCreatedAt });
		ctx.engine.accept(plan.message);
	}
	return ctx.rateLimiter.dailyCount(plans.length);
}

export async function batchTrigger(ctx: ServiceContext, req: Request): Promise<Reply> {
	checkDaily(ctx);
	const body = await readBody(req.raw, ctx.limits.max_message_size * batchBodyFactor, 'batch');
	const parsed = WorkflowTriggerItems.safeParse(parseJson(body, 'batch trigger'));
	if (!parsed.success) throw badRequest(`batch trigger: ${describeZodError(parsed.error, 'items')}`);
	const now = ctx.clock.now();
	const hops = incomingHops(headerFields(req.raw.headers), ctx.dialect);
	const ids = new Set<string>();
	const plans = parsed.data.map((item, index) => {
		const fields = new Map(
			Object.entries(item.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]),
		);
		const plan = planRun(
			ctx,
			{
				destination: item.destination,
				body: Buffer.from(item.body ?? '', 'utf8'),
				fields,
				callerIp: req.callerIp,
				hops,
				now,
			},
			`items[${index}]: `,
		);
		if (ids.has(plan.result.workflowRunId)) {
			throw badRequest(
				`items[${index}]: workflow run id ${JSON.stringify(plan.result.workflowRunId)} appears more than once in the batch`,
			);
		}
		ids.add(plan.result.workflowRunId);
		return plan;
	});
	const headers = start(ctx, plans, now);
	return ok(
		plans.map((p) => p.result),
		headers,
	);
}

export async function trigger(ctx: ServiceContext, req: Request): Promise<Reply> {
	const target = parseTarget(ctx, req.params.rest ?? '');
	if (target.kind !== 'url') throw badRequest('a workflow is triggered on a URL, not on a URL Group');
	checkDaily(ctx);
	const body = await readBody(req.raw, ctx.limits.max_message_size);
	const now = ctx.clock.now();
	const fields = mergeFields(target.config, headerFields(req.raw.headers));
	const plan = planRun(ctx, { destination: target.url, body, fields, callerIp: req.callerIp, now }, '');
	const headers = start(ctx, [plan], now);
	return ok(plan.result, headers);
}
