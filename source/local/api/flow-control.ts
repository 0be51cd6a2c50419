/**
 * Flow control: list the keys (optionally those whose name contains `search`), read one
 * (docs/protocol/flow-control.md#key-resource), pause and resume it, pin and unpin its
 * parallelism or rate, reset its rate period (docs/protocol/flow-control.md#operations), and read
 * the global parallelism (docs/protocol/flow-control.md#global-parallelism). The delivery
 * engine's flow gate is the state they act on.
 */

import type { ServiceContext } from '../context.js';
import { invalid, notFound } from '../errors.js';
import { empty, ok, type Reply } from '../http/reply.js';
import type { Request } from '../http/router.js';

function key(req: Request): string {
	return req.params.key ?? '';
}

function onlyParams(req: Request, names: readonly string[], tokenParam: string): void {
	for (const name of req.query.keys()) {
		if (!names.includes(name) && name !== tokenParam)
			throw invalid(`unknown parameter ${JSON.stringify(name)}: this operation takes ${names.join(', ')}`);
	}
}

function wholeNumber(req: Request, name: string, min: number, max: number): number | undefined {
	const text = req.query.get(name);
	if (text === null || text.trim() === '') return undefined;
	const value = Number(text.trim());
	if (!/^\d+$/.test(text.trim()) || value < min || value > max)
		throw invalid(`${name}: expected a whole number from ${min} to ${max}, got ${JSON.stringify(text)}`);
	return value;
}

function flag(req: Request, name: string): boolean {
	const text = req.query.get(name)?.trim().toLowerCase();
	if (text === undefined || text === '' || text === 'false') return false;
	if (text === 'true') return true;
	throw invalid(`${name}: expected true or false, got ${JSON.stringify(req.query.get(name))}`);
}

export function listFlowControl(ctx: ServiceContext, req: Request): Reply {
	onlyParams(req, ['search'], ctx.dialect.tokenParam);
	return ok(ctx.engine.flow.list(req.query.get('search') ?? undefined));
}

export function getFlowControl(ctx: ServiceContext, req: Request): Reply {
	const info = ctx.engine.flow.info(key(req));
	if (!info) throw notFound(`flow-control key ${JSON.stringify(key(req))} not found: no message uses it now`);
	return ok(info);
}

/** Pausing a key nothing uses yet holds the messages that come with it. */
export function pauseFlowControl(ctx: ServiceContext, req: Request): Reply {
	ctx.engine.flow.pause(key(req));
	return empty();
}

export function resumeFlowControl(ctx: ServiceContext, req: Request): Reply {
	ctx.engine.flow.resume(key(req));
	return empty();
}

export function pinFlowControl(ctx: ServiceContext, req: Request): Reply {
	onlyParams(req, ['parallelism', 'rate', 'period'], ctx.dialect.tokenParam);
	const parallelism = wholeNumber(req, 'parallelism', 1, ctx.limits.max_parallelism);
	const rate = wholeNumber(req, 'rate', 1, Number.MAX_SAFE_INTEGER);
	const period = wholeNumber(req, 'period', 1, ctx.limits.max_delay);
	if (parallelism === undefined && rate === undefined && period === undefined)
		throw invalid('give parallelism, rate or period (seconds) to pin');
	ctx.engine.flow.pin(key(req), {
		...(parallelism !== undefined ? { parallelism } : {}),
		...(rate !== undefined ? { rate } : {}),
		...(period !== undefined ? { periodMs: period * 1000 } : {}),
	});
	return empty();
}

export function unpinFlowControl(ctx: ServiceContext, req: Request): Reply {
	onlyParams(req, ['parallelism', 'rate'], ctx.dialect.tokenParam);
	const which = { parallelism: flag(req, 'parallelism'), rate: flag(req, 'rate') };
	ctx.engine.flow.unpin(key(req), which);
	return empty();
}

export function resetFlowControlRate(ctx: ServiceContext, req: Request): Reply {
	ctx.engine.flow.resetRate(key(req));
	return empty();
}

export function globalParallelism(ctx: ServiceContext): Reply {
	return ok({
		parallelismMax: ctx.limits.max_global_parallelism,
		parallelismCount: ctx.engine.inFlightCount,
	});
}
