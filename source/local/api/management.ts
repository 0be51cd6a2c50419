/**
 * Management API reads (Basic authentication): the account, its usage statistics, and the
 * vector indexes of the local service; the account's token rotation (the edits of indexes are
 * in index-management.ts).
 */

import { StatsPeriod, statsPeriods } from '../../api/schemas.js';
import { rotatedToken, userResource } from '../account/account.js';
import type { ServiceContext } from '../context.js';
import { invalid, notFound } from '../errors.js';
import { ok, type Reply } from '../http/reply.js';
import type { Request } from '../http/router.js';

/** The `period` of a statistics request; default 1h. */
export function statsPeriod(req: Request): StatsPeriod {
	const text = req.query.get('period');
	if (text === null || text === '') return '1h';
	const parsed = StatsPeriod.safeParse(text);
	if (!parsed.success)
		throw invalid(`unknown period ${JSON.stringify(text)}: use one of ${statsPeriods.join(', ')}`);
	return parsed.data;
}

export function listUsers(ctx: ServiceContext): Reply {
	return ok([userResource(ctx.credentials, ctx.limits, ctx.createdAt)]);
}

/** The account's message-queue user, by its id (GET /v2/<product>/user/{id}), or the only one. */
export function mqUser(ctx: ServiceContext, req: Request): Reply {
	checkAccount(ctx, req);
	return ok(userResource(ctx.credentials, ctx.limits, ctx.createdAt));
}

/**
 * A new messaging token: the old one is refused from now on. The password of the user resource
 * is the management API key here, which stays, so that whoever rotated can still manage.
 */
export function rotateToken(ctx: ServiceContext, req: Request): Reply {
	checkAccount(ctx, req);
	ctx.credentials.token = rotatedToken(ctx.credentials.token, ctx.credentials.accountId);
	ctx.saveAccount();
	ctx.tokenChanged(ctx.credentials.token);
	return ok(userResource(ctx.credentials, ctx.limits, ctx.createdAt));
}

function checkAccount(ctx: ServiceContext, req: Request): void {
	const id = req.params.id;
	if (id !== undefined && id !== ctx.credentials.accountId)
		throw notFound(`account ${JSON.stringify(id)} not found`);
}

export function mqStats(ctx: ServiceContext, req: Request): Reply {
	const p = statsPeriod(req);
	const id = req.params.id ?? '';
	if (id !== ctx.credentials.accountId) throw notFound(`account ${JSON.stringify(id)} not found`);
	const now = ctx.clock.now();
	return ok(ctx.usage.report(p, now, ctx.dlq.size(now)));
}

function vectorIndexOf(ctx: ServiceContext, req: Request) {
	const id = req.params.id ?? '';
	const plane = ctx.indexes.vectors.find((p) => p.id === id);
	if (!plane) throw notFound(`vector index ${JSON.stringify(id)} not found`);
	return plane.index;
}

export function vectorStats(ctx: ServiceContext, req: Request): Reply {
	const p = statsPeriod(req);
	return ok(vectorIndexOf(ctx, req).stats(p, ctx.clock.now()));
}

/** The vector indexes: dense, sparse and hybrid. */
export function listVectorIndexes(ctx: ServiceContext): Reply {
	const now = ctx.clock.now();
	return ok(ctx.indexes.vectors.map((plane) => plane.index.resource(now)));
}

export function vectorIndex(ctx: ServiceContext, req: Request): Reply {
	return ok(vectorIndexOf(ctx, req).resource(ctx.clock.now()));
}
