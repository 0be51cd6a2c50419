/**
 * Management API reads (Basic authentication): the account, its usage statistics, and the
 * vector and search indexes of the local service.
 */
import { toDialectNames } from '../../api/dialect.js';
import { StatsPeriod, statsPeriods } from '../../api/schemas.js';
import { userResource } from '../account/account.js';
import type { ServiceContext } from '../context.js';
import { badRequest, notFound, ok, type Reply } from '../http/reply.js';
import type { Request } from '../http/router.js';

function period(req: Request): StatsPeriod {
	const text = req.query.get('period');
	if (text === null || text === '') return '1h';
	const parsed = StatsPeriod.safeParse(text);
	if (!parsed.success)
		throw badRequest(`unknown period ${JSON.stringify(text)}: use one of ${statsPeriods.join(', ')}`);
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

export function vectorStats(ctx: ServiceContext, req: Request): Reply {
	const p = period(req);
	const id = req.params.id ?? '';
	if (id !== ctx.vectorIndex.id) throw notFound(`vector index ${JSON.stringify(id)} not found`);
	return ok(ctx.vectorIndex.stats(p, ctx.clock.now()));
}

export function searchIndex(ctx: ServiceContext, req: Request): Reply {
	const id = req.params.id ?? '';
	if (id !== ctx.searchIndex.id) throw notFound(`search index ${JSON.stringify(id)} not found`);
	// `partner_email` under the dialect's word, e.g. `vercel_email` as the deployed service says.
	return ok(toDialectNames(ctx.searchIndex.resource(ctx.clock.now()), ctx.dialect));
}
