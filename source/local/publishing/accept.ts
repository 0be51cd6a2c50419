/**
 * Accepting a publish, whatever carried it: a publish, an enqueue, a batch item, a schedule
 * firing. Planning checks everything and changes nothing (so a batch is refused whole);
 * committing counts the request, answers a duplicate with the first answer, creates the
 * queue an enqueue names, and hands the messages to the delivery engine.
 */
import { createHash } from 'node:crypto';
import { groupNameRule, isGroupName, type PublishOptions } from '../../api/publish-options.js';
import type { PublishResult } from '../../api/schemas.js';
import type { PublishAnswer, ServiceContext } from '../context.js';
import type { DeliveryTarget } from '../delivery/target.js';
import { invalid, locatedError, notFound, ServiceError, usedUp } from '../errors.js';
import { checkLimits, createMessage } from '../messages/factory.js';
import type { StoredMessage } from '../messages/message.js';
import { decodeOptions, mergeFields, splitGroupHeaders } from '../messages/options.js';
import type { SubmissionPlan } from '../workflows/submissions.js';

/** Total size of a batch body: room for many items of the plan's largest message. */
export const batchBodyFactor = 16;

/** A URL destination may come with its target already worked out (parsed at publish). */
export type Destination =
	| { kind: 'url'; url: string; target?: DeliveryTarget }
	| { kind: 'group'; name: string };

export interface PublishInput {
	destination: Destination;
	/** The request's configuration and headers, lowercase names (query forms already merged under headers). */
	fields: ReadonlyMap<string, string>;
	body: Buffer;
	callerIp: string;
	now: number;
	queueName?: string | undefined;
	scheduleId?: string | undefined;
	/** False for schedule firings: each firing is new, whatever its Deduplication-Id. */
	deduplicate?: boolean;
	/** Put before every error message, e.g. `items[2]: `. */
	where?: string;
}

export interface PublishPlan {
	input: PublishInput;
	messages: StoredMessage[];
	dedupKey: string | undefined;
}

export interface Committed {
	status: 200 | 202;
	json: PublishResult | PublishResult[];
}

function dedupKey(
	destination: string,
	options: PublishOptions,
	body: Buffer,
	headers: Record<string, string[]>,
): string | undefined {
	if (options.deduplicationId !== undefined) return `id\n${destination}\n${options.deduplicationId}`;
	if (!options.contentBasedDeduplication) return undefined;
	const hash = createHash('sha256').update(destination).update('\n').update(body);
	for (const name of Object.keys(headers).sort()) hash.update(`\n${name}:${headers[name]!.join(', ')}`);
	return `content\n${hash.digest('base64url')}`;
}

function asDeduplicated(answer: PublishAnswer): PublishResult | PublishResult[] {
	return answer.kind === 'url'
		? { ...answer.result, deduplicated: true }
		: answer.results.map((r) => ({ ...r, deduplicated: true }));
}

/** Runs `work`, putting `where` before the message of a ServiceError it throws. */
export function located<T>(where: string | undefined, work: () => T): T {
	if (!where) return work();
	try {
		return work();
	} catch (error) {
		if (error instanceof ServiceError) throw locatedError(where, error);
		throw error;
	}
}

export function checkQueueName(ctx: ServiceContext, name: string): void {
	if (!isGroupName(name)) throw invalid(`invalid queue name ${JSON.stringify(name)}: use ${groupNameRule}`);
	if (!ctx.queues.canHold(name))
		throw usedUp(
			`cannot create queue ${JSON.stringify(name)}: the plan allows ${ctx.limits.max_queues} queues (max_queues)`,
		);
}

export function checkSize(ctx: ServiceContext, body: Buffer): void {
	if (body.length > ctx.limits.max_message_size) {
		throw new ServiceError(
			'too-large',
			`body of ${body.length} bytes exceeds the plan's max_message_size of ${ctx.limits.max_message_size} bytes`,
		);
	}
}

/** A publish, or a message of a workflow run (it names a run): what a publish or batch item is. */
export type AcceptPlan = { kind: 'publish'; plan: PublishPlan } | { kind: 'run'; plan: SubmissionPlan };

export function planAccept(ctx: ServiceContext, input: PublishInput): AcceptPlan {
	if (!ctx.workflows.submissions.isRunMessage(input.fields))
		return { kind: 'publish', plan: planPublish(ctx, input) };
	return {
		kind: 'run',
		plan: located(input.where, () => {
			const { destination } = input;
			if (destination.kind !== 'url')
				throw invalid('a message of a workflow run goes to a URL, not to a URL Group');
			if (input.queueName !== undefined) throw invalid('a message of a workflow run is not enqueued');
			checkSize(ctx, input.body);
			return ctx.workflows.submissions.plan({
				url: destination.url,
				fields: input.fields,
				body: input.body,
				callerIp: input.callerIp,
				now: input.now,
			});
		}),
	};
}

export function commitAccept(ctx: ServiceContext, plan: AcceptPlan): Committed {
	if (plan.kind === 'publish') return commitPublish(ctx, plan.plan);
	ctx.usage.request(plan.plan.submission.now);
	const { result, deduplicated } = ctx.workflows.submissions.commit(plan.plan);
	return { status: deduplicated ? 202 : 200, json: result };
}

export function planPublish(ctx: ServiceContext, input: PublishInput): PublishPlan {
	return located(input.where, () => {
		const { destination } = input;
		const group = destination.kind === 'group' ? ctx.groups.get(destination.name) : undefined;
		if (destination.kind === 'group' && !group)
			throw notFound(`URL Group ${JSON.stringify(destination.name)} not found`);
		checkSize(ctx, input.body);
		if (input.queueName !== undefined) checkQueueName(ctx, input.queueName);
		const defaults = splitGroupHeaders(group?.headers, ctx.dialect);
		const options = decodeOptions(mergeFields(defaults.config, input.fields), ctx.dialect);
		checkLimits(options, ctx.limits, ctx.dialect, input.now);
		const endpoints = group ? group.endpoints : [{ url: destination.kind === 'url' ? destination.url : '' }];
		const messages = endpoints.map((endpoint) =>
			createMessage(
				{
					kind: 'publish',
					url: endpoint.url,
					topicName: group?.name,
					endpointName: 'name' in endpoint ? endpoint.name : undefined,
					options,
					body: input.body,
					baseHeaders: defaults.plain,
					incoming: input.fields,
					callerIp: input.callerIp,
					queueName: input.queueName,
					scheduleId: input.scheduleId,
					now: input.now,
				},
				ctx.limits,
				ctx.dialect,
			),
		);
		if (destination.kind === 'url' && messages[0]) messages[0].target = destination.target;
		const target = destination.kind === 'url' ? destination.url : `group:${destination.name}`;
		const key =
			input.deduplicate === false
				? undefined
				: dedupKey(
						input.queueName === undefined ? target : `${target}\nqueue:${input.queueName}`,
						options,
						input.body,
						messages[0]?.header ?? {},
					);
		return { input, messages, dedupKey: key };
	});
}

export function commitPublish(ctx: ServiceContext, plan: PublishPlan): Committed {
	const { input } = plan;
	// A duplicate is accepted too (202), so it counts as a request.
	ctx.usage.request(input.now);
	const seen = plan.dedupKey === undefined ? undefined : ctx.dedup.get(plan.dedupKey, input.now);
	if (seen) return { status: 202, json: asDeduplicated(seen) };
	if (input.queueName !== undefined) ctx.queues.ensure(input.queueName, input.now);
	for (const message of plan.messages) ctx.engine.accept(message);
	const results: PublishResult[] = plan.messages.map((m) => ({ messageId: m.id, url: m.url }));
	const answer: PublishAnswer =
		input.destination.kind === 'url' ? { kind: 'url', result: results[0]! } : { kind: 'group', results };
	if (plan.dedupKey !== undefined) ctx.dedup.set(plan.dedupKey, answer, input.now);
	return { status: 200, json: answer.kind === 'url' ? answer.result : answer.results };
}
