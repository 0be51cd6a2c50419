/**
 * The one table from what went wrong to the status that says it (docs/protocol/errors.md#status-codes),
 * and the answer an error becomes at the HTTP edge.
 */
import { ServiceError, type ServiceErrorKind } from '../errors.js';
import { errorReply, HttpError, type Reply } from './reply.js';

export const statusOfKind: Readonly<Record<ServiceErrorKind, number>> = {
	invalid: 400,
	unauthenticated: 401,
	forbidden: 403,
	'not-found': 404,
	'used-up': 412,
	'too-large': 413,
	'rate-limited': 429,
	unavailable: 503,
};

/** The answer to an error a handler threw; undefined for anything else (a bug: the router's 500). */
export function replyToError(error: unknown): Reply | undefined {
	if (error instanceof ServiceError)
		return errorReply(new HttpError(statusOfKind[error.kind], error.message, { ...error.headers }));
	if (error instanceof HttpError) return errorReply(error);
	return undefined;
}
