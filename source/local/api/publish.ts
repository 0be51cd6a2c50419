/**
 * POST /v2/publish/{destination}: publish to a URL or fan out to every endpoint of a URL
 * Group, with configuration from headers or query, deduplication, and the daily limit.
 * Also webhook ingestion: the same address with the token in the query.
 */
import { createHash } from 'node:crypto';
import type { PublishOptions } from '../../api/publish-options.js';
import type { PublishResult } from '../../api/schemas.js';
import type { PublishAnswer, ServiceContext } from '../context.js';
import { readBody } from '../http/body.js';
import { headerFields } from '../http/headers.js';
import { badRequest, HttpError, notFound, type Reply } from '../http/reply.js';
import type { Request } from '../http/router.js';
import { checkLimits, createMessage } from '../messages/factory.js';
import { decodeOptions, mergeFields, splitGroupHeaders } from '../messages/options.js';
import { type PublishTarget, parsePublishTarget, TargetError } from './publish-target.js';

export function parseTarget(ctx: ServiceContext, rest: string): PublishTarget {
	try {
		return parsePublishTarget(rest, ctx.dialect);
	} catch (error) {
		if (error instanceof TargetError) throw badRequest(error.message);
		throw error;
	}
}

/** Refuses a publish once the day's hard limit is reached. */
export function checkDaily(ctx: ServiceContext): void {
	const verdict = ctx.rateLimiter.dailyCheck();
	if (!verdict.ok) throw new HttpError(429, verdict.message, verdict.headers);
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

function asDeduplicated(answer: PublishAnswer): unknown {
	return answer.kind === 'url'
		? { ...answer.result, deduplicated: true }
		: answer.results.map((r) => ({ ...r, deduplicated: true }));
}

export async function publish(ctx: ServiceContext, req: Request): Promise<Reply> {
	const target = parseTarget(ctx, req.params.rest ?? '');
	checkDaily(ctx);
	const body = await readBody(req.raw, ctx.limits.max_message_size);
	const incoming = headerFields(req.raw.headers);
	const now = ctx.clock.now();
	const group = target.kind === 'group' ? ctx.groups.get(target.name) : undefined;
	if (target.kind === 'group' && !group) throw notFound(`URL Group ${JSON.stringify(target.name)} not found`);
	const defaults = splitGroupHeaders(group?.headers, ctx.dialect);
	const options = decodeOptions(mergeFields(defaults.config, target.config, incoming), ctx.dialect);
	checkLimits(options, ctx.limits, ctx.dialect, now);

	const endpoints = group ? group.endpoints : [{ url: target.kind === 'url' ? target.url : '' }];
	const drafts = endpoints.map((endpoint) =>
		createMessage(
			{
				kind: 'publish',
				url: endpoint.url,
				topicName: group?.name,
				endpointName: 'name' in endpoint ? endpoint.name : undefined,
				options,
				body,
				baseHeaders: defaults.plain,
				incoming,
				callerIp: req.callerIp,
				now,
			},
			ctx.limits,
			ctx.dialect,
		),
	);
	const destination = target.kind === 'url' ? target.url : `group:${target.name}`;
	const key = dedupKey(destination, options, body, drafts[0]?.header ?? {});
	const rateHeaders = () => ctx.rateLimiter.dailyCount();
	// A duplicate is accepted too (202), so it counts as a request.
	ctx.usage.request(now);
	const seen = key === undefined ? undefined : ctx.dedup.get(key, now);
	if (seen) return { status: 202, json: asDeduplicated(seen), headers: rateHeaders() };

	for (const message of drafts) ctx.engine.accept(message);
	const results: PublishResult[] = drafts.map((m) => ({ messageId: m.id, url: m.url }));
	const answer: PublishAnswer =
		target.kind === 'url' ? { kind: 'url', result: results[0]! } : { kind: 'group', results };
	if (key !== undefined) ctx.dedup.set(key, answer, now);
	const json = answer.kind === 'url' ? answer.result : answer.results;
	return { status: 200, json, headers: rateHeaders() };
}
