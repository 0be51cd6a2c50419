/**
 * Queues (docs/protocol/queues.md#upsert): upsert, list, read (with `lag`), delete, pause, resume,
 * and enqueue with every publish option. Using up the plan's queues or asking for more parallelism
 * than it allows answers 412, as the reference does.
 */

import { z } from 'zod';
import { groupNameRule, isGroupName } from '../../api/publish-options.js';
import type { ServiceContext } from '../context.js';
import { invalid, notFound, usedUp } from '../errors.js';
import { readJsonBody } from '../http/body.js';
import { empty, ok, type Reply } from '../http/reply.js';
import type { Request } from '../http/router.js';
import type { QueueRecord } from '../stores/queue-store.js';
import { acceptPublishRequest } from './publish.js';

const UpsertBody = z.object({
	queueName: z.string(),
	parallelism: z
		.number()
		.int('parallelism must be a whole number')
		.min(1, 'parallelism must be at least 1')
		.optional(),
	paused: z.boolean().optional(),
});

function queueResource(ctx: ServiceContext, queue: QueueRecord) {
	return {
		name: queue.name,
		createdAt: queue.createdAt,
		updatedAt: queue.updatedAt,
		parallelism: queue.parallelism,
		paused: queue.paused,
		lag: ctx.engine.queues.lag(queue.name),
	};
}

function checkName(name: string): string {
	if (!isGroupName(name)) throw invalid(`invalid queue name ${JSON.stringify(name)}: use ${groupNameRule}`);
	return name;
}

function existing(ctx: ServiceContext, req: Request): QueueRecord {
	const name = checkName(req.params.name ?? '');
	const queue = ctx.queues.get(name);
	if (!queue) throw notFound(`queue ${JSON.stringify(name)} not found`);
	return queue;
}

export function listQueues(ctx: ServiceContext): Reply {
	return ok(ctx.queues.list().map((queue) => queueResource(ctx, queue)));
}

export function getQueue(ctx: ServiceContext, req: Request): Reply {
	return ok(queueResource(ctx, existing(ctx, req)));
}

export async function upsertQueue(ctx: ServiceContext, req: Request): Promise<Reply> {
	const body = await readJsonBody(req.raw, UpsertBody, 'upsert queue');
	const name = checkName(body.queueName);
	const parallelism = body.parallelism ?? 1;
	if (parallelism > ctx.limits.max_parallelism)
		throw usedUp(
			`parallelism ${parallelism} exceeds the plan's max_parallelism of ${ctx.limits.max_parallelism}`,
		);
	const current = ctx.queues.get(name);
	const result = ctx.queues.upsert(
		name,
		{ parallelism, paused: body.paused ?? current?.paused ?? false },
		ctx.clock.now(),
	);
	if (!result.ok)
		throw usedUp(
			`cannot create queue ${JSON.stringify(name)}: the plan allows ${ctx.limits.max_queues} queues (max_queues)`,
		);
	ctx.engine.queues.wake(name);
	return empty();
}

/** Deleting a queue cancels the messages still in it. */
export function deleteQueue(ctx: ServiceContext, req: Request): Reply {
	const queue = existing(ctx, req);
	ctx.engine.cancelWhere((m) => m.queueName === queue.name);
	ctx.queues.delete(queue.name);
	return empty();
}

export function pauseQueue(ctx: ServiceContext, req: Request): Reply {
	ctx.queues.setPaused(existing(ctx, req).name, true, ctx.clock.now());
	return empty();
}

export function resumeQueue(ctx: ServiceContext, req: Request): Reply {
	const queue = existing(ctx, req);
	ctx.queues.setPaused(queue.name, false, ctx.clock.now());
	ctx.engine.queues.wake(queue.name);
	return empty();
}

/** POST /v2/enqueue/{queue}/{destination}: a publish that waits its turn in the queue. */
export function enqueue(ctx: ServiceContext, req: Request): Promise<Reply> {
	return acceptPublishRequest(ctx, req, checkName(req.params.queue ?? ''));
}
