/**
 * Messages in delivery: read one (docs/protocol/messages.md#retrieval), cancel one
 * (docs/protocol/messages.md#cancel), and cancel many by ids, by the filters of the reference,
 * or all of them (docs/protocol/messages.md#bulk-cancel).
 */

import type { ServiceContext } from '../context.js';
import { notFound } from '../errors.js';
import { ok, type Reply } from '../http/reply.js';
import type { Request } from '../http/router.js';
import { messageResource } from '../messages/message.js';
import { cancelFilters, filterPredicate, messageSubject, parseFilter } from './filter-query.js';
import { pageCount } from './paging.js';

function messageNotFound(id: string) {
	return notFound(
		`message ${JSON.stringify(id)} not found: it was delivered, failed, cancelled or never existed`,
	);
}

export function getMessage(ctx: ServiceContext, req: Request): Reply {
	const id = req.params.id ?? '';
	const message = ctx.engine.messages.get(id);
	if (!message) throw messageNotFound(id);
	return ok(messageResource(message));
}

export function cancelMessage(ctx: ServiceContext, req: Request): Reply {
	const id = req.params.id ?? '';
	if (!ctx.engine.cancel(id)) throw messageNotFound(id);
	return ok({ cancelled: 1 });
}

/** The most messages one bulk cancel takes when `count` is given (the reference: 1 to 500). */
const maxCancelCount = 500;

/**
 * DELETE /v2/messages: `messageIds` cancels those still waiting; filters cancel every waiting
 * message that matches them; nothing given cancels every waiting message. With `count`, at
 * most that many, oldest first (the SDK sends 100 unless told, and repeats until none are left).
 */
export function cancelMessages(ctx: ServiceContext, req: Request): Reply {
	// `async` has nothing to wait for here.
	const filter = parseFilter(req.query, cancelFilters, ['count', 'async', ctx.dialect.tokenParam]);
	const limit = pageCount(req, Number.POSITIVE_INFINITY, maxCancelCount);
	const cancelled = ctx.engine.cancelWhere(filterPredicate(filter, messageSubject), limit);
	return ok({ cancelled });
}
