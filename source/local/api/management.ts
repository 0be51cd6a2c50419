/**
 * Management API reads (Basic authentication): the account, its usage statistics, and the
 * vector and search indexes of the local service.
 */

import { toDialectNames } from '../../api/dialect.js';
import { StatsPeriod, statsPeriods } from '../../api/schemas.js';
import { userResource } from '../account/account.js';
import type { ServiceContext } from '../context.js';
import { invalid, notFound } from '../errors.js';
import { ok, type Reply } from '../http/reply.js';
import type { Request } from '../http/router.js';

function period(req: Request): StatsPeriod {
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

export function mqStats(ctx: ServiceContext, req: Request): Reply {
	const p = period(req);
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
	const p = period(req);
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

export function searchIndex(ctx: ServiceContext, req: Request): Reply {
	const id = req.params.id ?? '';
	const { index } = ctx.indexes.search;
	if (id !== index.id) throw notFound(`search index ${JSON.stringify(id)} not found`);
	// `partner_email` under the dialect's word, e.g. `vercel_email` as the deployed service says.
	return ok(toDialectNames(index.resource(ctx.clock.now()), ctx.dialect));
}
