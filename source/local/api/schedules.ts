/**
 * Schedules (docs/protocol/schedules.md#create): `POST /v2/schedules/{destination}` with
 * `<prefix>Cron` and every publish option creates one (`<prefix>Schedule-Id` names it, and updates
 * the schedule of that id if there is one); list, read, delete, pause and resume. A schedule is
 * checked as a publish is, when it is created, so a firing fails only if the world changed since (a
 * URL Group deleted).
 */

import { prefixed } from '../../api/dialect.js';
import { defaultRetries, groupNameRule, isGroupName } from '../../api/publish-options.js';
import { randomId } from '../../signing/keys.js';
import type { ServiceContext } from '../context.js';
import { invalid, notFound, usedUp } from '../errors.js';
import { readBody } from '../http/body.js';
import { headerFields } from '../http/headers.js';
import { empty, ok, type Reply } from '../http/reply.js';
import type { Request } from '../http/router.js';
import { isForwardable } from '../messages/header-rules.js';
import { bodyFields, flowFields, labelFields } from '../messages/message.js';
import { mergeFields } from '../messages/options.js';
import { isBodyRedacted, redactedValue, shownHeaders } from '../messages/redaction.js';
import { checkQueueName, planPublish } from '../publishing/accept.js';
import { CronError, parseCron } from '../schedules/cron.js';
import type { ScheduleRecord } from '../stores/schedule-store.js';
import { parseTarget } from './publish.js';

function scheduleNotFound(id: string) {
	return notFound(`schedule ${JSON.stringify(id)} not found`);
}

function existing(ctx: ServiceContext, req: Request): ScheduleRecord {
	const id = req.params.id ?? '';
	const record = ctx.schedules.get(id);
	if (!record) throw scheduleNotFound(id);
	return record;
}

/** A schedule without a body has no body field (the deployed service omits it; the SDK reads it so). */
function scheduleBody(r: ScheduleRecord): { body?: string; bodyBase64?: string } {
	if (r.body.length === 0) return {};
	return isBodyRedacted(r.options.redact) ? { body: redactedValue(r.body) } : bodyFields(r.body);
}

export function scheduleResource(ctx: ServiceContext, r: ScheduleRecord): Record<string, unknown> {
	const o = r.options;
	const out: Record<string, unknown> = {
		scheduleId: r.scheduleId,
		cron: r.cron,
		destination: r.destination,
		createdAt: r.createdAt,
		method: o.method ?? 'POST',
		header: shownHeaders(r.header, o.redact),
		...scheduleBody(r),
		retries: o.retries ?? Math.min(defaultRetries, ctx.limits.max_retries),
		callerIp: r.callerIp,
		isPaused: r.paused,
		lastScheduleStates: r.lastScheduleStates,
	};
	if (o.delayMs !== undefined) out.delay = Math.round(o.delayMs / 1000);
	if (o.callback !== undefined) out.callback = o.callback;
	if (o.failureCallback !== undefined) out.failureCallback = o.failureCallback;
	if (r.queueName !== undefined) out.queueName = r.queueName;
	Object.assign(out, flowFields(o.flowControl), labelFields(o.labels));
	if (o.retryDelay !== undefined) out.retryDelayExpression = o.retryDelay;
	if (r.lastScheduleTime !== undefined) out.lastScheduleTime = r.lastScheduleTime;
	if (r.nextScheduleTime !== undefined) out.nextScheduleTime = r.nextScheduleTime;
	return out;
}

export async function createSchedule(ctx: ServiceContext, req: Request): Promise<Reply> {
	const target = parseTarget(ctx, req.params.rest ?? '');
	const fields = mergeFields(target.config, headerFields(req.raw.headers));
	const name = (suffix: string) => prefixed(ctx.dialect, suffix).toLowerCase();
	const cronText = fields.get(name('Cron'));
	if (cronText === undefined || cronText.trim() === '')
		throw invalid(`missing ${prefixed(ctx.dialect, 'Cron')}: give the cron expression of the schedule`);
	let cron: string;
	try {
		cron = parseCron(cronText).text;
	} catch (error) {
		if (error instanceof CronError) throw invalid(`${prefixed(ctx.dialect, 'Cron')}: ${error.message}`);
		throw error;
	}
	const givenId = fields.get(name('Schedule-Id'))?.trim() || undefined;
	if (givenId !== undefined && !isGroupName(givenId))
		throw invalid(`invalid schedule id ${JSON.stringify(givenId)}: use ${groupNameRule}`);
	const queueName = fields.get(name('Queue-Name'))?.trim() || undefined;
	if (queueName !== undefined) checkQueueName(ctx, queueName);
	if (!ctx.schedules.canHold(givenId))
		throw usedUp(`the plan allows ${ctx.limits.max_schedules} schedules (max_schedules)`);
	const body = await readBody(req.raw, ctx.limits.max_message_size);
	const now = ctx.clock.now();
	const scheduleId = givenId ?? `scd_${randomId(24)}`;
	// Checked as a publish is (URL Group, options, plan limits), and never committed.
	const plan = planPublish(ctx, {
		destination: target,
		fields,
		body,
		callerIp: req.callerIp,
		now,
		queueName,
		scheduleId,
		deduplicate: false,
	});
	const own = new Set([name('Cron'), name('Schedule-Id'), name('Queue-Name')]);
	const prefix = ctx.dialect.headerPrefix.toLowerCase();
	const kept = [...fields].filter(
		([field]) =>
			!own.has(field) &&
			(field.startsWith(prefix) || field === 'content-type' || isForwardable(field, prefix)),
	);
	const previous = ctx.schedules.get(scheduleId);
	const record: ScheduleRecord = {
		scheduleId,
		cron,
		destination: target.kind === 'url' ? target.url : target.name,
		createdAt: previous?.createdAt ?? now,
		updatedAt: now,
		paused: previous?.paused ?? false,
		fields: Object.fromEntries(kept),
		options: plan.messages[0]?.options ?? {},
		header: plan.messages[0]?.header ?? {},
		body,
		callerIp: req.callerIp,
		queueName,
		lastScheduleTime: previous?.lastScheduleTime,
		nextScheduleTime: undefined,
		lastScheduleStates: previous?.lastScheduleStates ?? {},
	};
	ctx.schedules.set(record);
	ctx.scheduleRunner.arm(record);
	return ok({ scheduleId });
}

export function listSchedules(ctx: ServiceContext): Reply {
	return ok(ctx.schedules.list().map((record) => scheduleResource(ctx, record)));
}

export function getSchedule(ctx: ServiceContext, req: Request): Reply {
	return ok(scheduleResource(ctx, existing(ctx, req)));
}

export function deleteSchedule(ctx: ServiceContext, req: Request): Reply {
	const record = existing(ctx, req);
	ctx.scheduleRunner.disarm(record.scheduleId);
	ctx.schedules.delete(record.scheduleId);
	return empty();
}

function setPaused(ctx: ServiceContext, req: Request, paused: boolean): Reply {
	const record = existing(ctx, req);
	if (record.paused !== paused) {
		record.paused = paused;
		record.updatedAt = ctx.clock.now();
		ctx.scheduleRunner.arm(record);
	}
	return empty();
}

export const pauseSchedule = (ctx: ServiceContext, req: Request) => setPaused(ctx, req, true);
export const resumeSchedule = (ctx: ServiceContext, req: Request) => setPaused(ctx, req, false);
