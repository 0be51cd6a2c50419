/**
 * POST /v2/batch (docs/protocol/publish.md#batch): an array of
 * `{destination, headers?, body?, queue?}`, each item a publish (or an enqueue) of its own: its
 * headers are its configuration and what it forwards, and nothing of one item reaches another. The
 * batch is checked whole before anything is accepted; the answer has one entry per item, an array
 * of results for an item to a URL Group. An item that names a workflow run is a message of that run
 * (the workflow SDK submits its steps this way).
 */

import { z } from 'zod';
import { groupNameRule, isGroupName, isHttpUrl } from '../../api/publish-options.js';
import type { ServiceContext } from '../context.js';
import { invalid, usedUp } from '../errors.js';
import { readJsonBody } from '../http/body.js';
import { headerFields } from '../http/headers.js';
import { ok, type Reply } from '../http/reply.js';
import type { Request } from '../http/router.js';
import { incomingHops } from '../messages/hops.js';
import { batchBodyFactor, commitAccept, type Destination, planAccept } from '../publishing/accept.js';
import { checkDaily } from './publish.js';

const BatchItem = z.looseObject({
	destination: z.string().min(1, 'give a URL or a URL Group name'),
	headers: z.record(z.string(), z.union([z.string(), z.array(z.string())])).optional(),
	// A string is the body as it is; the workflow SDK also sends a context.call's JSON body
	// unserialised, which is taken as its JSON text.
	body: z.unknown().optional(),
	queue: z.string().optional(),
});

const BatchItems = z.array(BatchItem).min(1, 'give at least one message');

function bodyOf(body: unknown): Buffer {
	if (body === undefined || body === null) return Buffer.alloc(0);
	return Buffer.from(typeof body === 'string' ? body : JSON.stringify(body), 'utf8');
}

function destinationOf(text: string, where: string): Destination {
	if (isHttpUrl(text)) return { kind: 'url', url: text };
	if (isGroupName(text)) return { kind: 'group', name: text };
	throw invalid(
		`${where}invalid destination ${JSON.stringify(text)}: expected an http:// or https:// URL or a URL Group name (${groupNameRule})`,
	);
}

/** An item's headers as the lowercase fields a publish reads; several values joined as HTTP joins them. */
function itemFields(headers: Record<string, string | string[]> | undefined): Map<string, string> {
	return new Map(
		Object.entries(headers ?? {}).map(([name, value]) => [
			name.toLowerCase(),
			Array.isArray(value) ? value.join(', ') : value,
		]),
	);
}

/**
 * The queues the batch's items would create: the plan must have room for all of them at once
 * (each item alone is checked as it is planned).
 */
function checkNewQueues(ctx: ServiceContext, items: readonly z.infer<typeof BatchItem>[]): void {
	const created = new Set<string>();
	let room: number | undefined;
	for (const [index, item] of items.entries()) {
		const name = item.queue;
		if (name === undefined || created.has(name) || ctx.queues.get(name)) continue;
		created.add(name);
		room ??= ctx.limits.max_queues - ctx.queues.list().length;
		if (created.size > room)
			throw usedUp(
				`items[${index}]: cannot create queue ${JSON.stringify(name)}: the plan allows ${ctx.limits.max_queues} queues (max_queues), and the batch creates ${created.size}`,
			);
	}
}

export async function batchPublish(ctx: ServiceContext, req: Request): Promise<Reply> {
	checkDaily(ctx);
	const items = await readJsonBody(
		req.raw,
		BatchItems,
		'batch',
		ctx.limits.max_message_size * batchBodyFactor,
	);
	// Loop detection's count is the request's: the items' headers are not headers of a request.
	incomingHops(headerFields(req.raw.headers), ctx.dialect);
	const now = ctx.clock.now();
	const plans = items.map((item, index) => {
		const where = `items[${index}]: `;
		return planAccept(ctx, {
			destination: destinationOf(item.destination, where),
			fields: itemFields(item.headers),
			body: bodyOf(item.body),
			callerIp: req.callerIp,
			now,
			queueName: item.queue,
			where,
		});
	});
	checkNewQueues(ctx, items);
	const answers = plans.map((plan) => commitAccept(ctx, plan).json);
	return ok(answers, ctx.rateLimiter.dailyCount(plans.length));
}
