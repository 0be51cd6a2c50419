/**
 * Messages in delivery (GET, DELETE /v2/messages/{id}), the delivery events listing and the
 * dead letter queue (decisions.md, "Delivery").
 */
import { EventState } from '../../api/schemas.js';
import type { ServiceContext } from '../context.js';
import { badRequest, empty, notFound, ok, type Reply } from '../http/reply.js';
import type { Request } from '../http/router.js';
import { messageResource } from '../messages/message.js';

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

/** DELETE /v2/messages?messageIds=a&messageIds=b: cancels those still waiting. */
export function cancelMessages(ctx: ServiceContext, req: Request): Reply {
	const ids = req.query.getAll('messageIds');
	if (ids.length === 0) throw badRequest('give the messages to cancel as messageIds query parameters');
	return ok({ cancelled: ids.filter((id) => ctx.engine.cancel(id)).length });
}

function count(req: Request, fallback: number, max: number): number {
	const text = req.query.get('count');
	if (text === null || text === '') return fallback;
	if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > max)
		throw badRequest(`count: expected a whole number from 1 to ${max}, got ${JSON.stringify(text)}`);
	return Number(text);
}

export function listEvents(ctx: ServiceContext, req: Request): Reply {
	const cursorText = req.query.get('cursor') || undefined;
	if (cursorText !== undefined && !/^\d+$/.test(cursorText))
		throw badRequest(`cursor: ${JSON.stringify(cursorText)} is not a cursor this service returned`);
	const stateText = req.query.get('state') || undefined;
	const state = stateText === undefined ? undefined : EventState.safeParse(stateText.toUpperCase());
	if (state && !state.success)
		throw badRequest(
			`state: expected one of ${EventState.options.join(', ')}, got ${JSON.stringify(stateText)}`,
		);
	return ok(
		ctx.events.list({
			count: count(req, 100, 1000),
			cursor: cursorText === undefined ? undefined : Number(cursorText),
			messageId: req.query.get('messageId') || undefined,
			state: state?.data,
		}),
	);
}

export function listDlq(ctx: ServiceContext, req: Request): Reply {
	const cursor = req.query.get('cursor') || undefined;
	if (cursor !== undefined && !/^\d+-\d+$/.test(cursor))
		throw badRequest(`cursor: ${JSON.stringify(cursor)} is not a cursor this service returned`);
	return ok(ctx.dlq.list(count(req, 100, 1000), cursor, ctx.clock.now()));
}

function dlqNotFound(id: string) {
	return notFound(`dead letter ${JSON.stringify(id)} not found`);
}

export function getDlq(ctx: ServiceContext, req: Request): Reply {
	const id = req.params.id ?? '';
	const record = ctx.dlq.get(id, ctx.clock.now());
	if (!record) throw dlqNotFound(id);
	return ok(record);
}

export function deleteDlq(ctx: ServiceContext, req: Request): Reply {
	const id = req.params.id ?? '';
	if (!ctx.dlq.delete(id, ctx.clock.now())) throw dlqNotFound(id);
	return empty();
}
