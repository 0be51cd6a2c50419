/**
 * The one table from what went wrong to the status that says it (docs/protocol/errors.md#status-codes),
 * and the answer an error becomes at the HTTP edge. The router's own answers (an unknown path,
 * a method a path does not take, a bug) are not errors of the service and are not in it.
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
	loop: 489,
	unavailable: 503,
};

/** The answer that says a ServiceError: its kind's status, `{"error": message}` and its headers. */
export function serviceErrorReply(error: ServiceError): Reply {
	return errorReply(new HttpError(statusOfKind[error.kind], error.message, { ...error.headers }));
}

/** The answer to an error a handler threw; undefined for anything else (a bug: the router's 500). */
export function replyToError(error: unknown): Reply | undefined {
	if (error instanceof ServiceError) return serviceErrorReply(error);
	return undefined;
}
