/**
 * Delivery logs (docs/protocol/logs.md#paths): GET /v2/logs answers `{cursor, logs}`, the
 * older GET /v2/events the same entries as `{cursor, events}`, both newest first, with every
 * filter of the reference (docs/protocol/logs.md#filters).
 */
import type { ServiceContext } from '../context.js';
import { ok, type Reply } from '../http/reply.js';
import type { Request } from '../http/router.js';
import { logEntry } from '../messages/log-entry.js';
import type { LogRecord } from '../stores/log-store.js';
import { filterPredicate, logFilters, messageSubject, parseFilter } from './filter-query.js';
import { pageCount, pageCursor } from './paging.js';

function page(ctx: ServiceContext, req: Request) {
	const filter = parseFilter(req.query, logFilters, ['count', 'cursor', ctx.dialect.tokenParam]);
	const cursor = pageCursor(req, /^\d+$/);
	const { records, cursor: next } = ctx.events.list({
		count: pageCount(req),
		cursor: cursor === undefined ? undefined : Number(cursor),
		matches: filterPredicate(filter, (record: LogRecord) => ({
			...messageSubject(record.message, record.time),
			state: record.state,
		})),
	});
	const entries = records.map(logEntry);
	return { entries, cursor: next };
}

export function listLogs(ctx: ServiceContext, req: Request): Reply {
	const { entries, cursor } = page(ctx, req);
	return ok(cursor === undefined ? { logs: entries } : { cursor, logs: entries });
}

export function listEvents(ctx: ServiceContext, req: Request): Reply {
	const { entries, cursor } = page(ctx, req);
	return ok(cursor === undefined ? { events: entries } : { cursor, events: entries });
}
