/**
 * What the local service's domain code throws when a request cannot be done: a kind and the
 * words that say what was wrong. Domain code never names an HTTP status; the HTTP edge maps
 * each kind to one (`http/error-status.ts`, docs/protocol/errors.md#status-codes).
 */

export type ServiceErrorKind =
	/** Malformed input, or a value the request chose over a plan's limit. */
	| 'invalid'
	/** Missing or wrong credentials. */
	| 'unauthenticated'
	/** Credentials that may not do this (a read-only token writing). */
	| 'forbidden'
	/** An id or name the service does not have. */
	| 'not-found'
	/** The account has used up what it may keep (queues, schedules, waiters, run history). */
	| 'used-up'
	/** A body over the limit of the operation. */
	| 'too-large'
	/** Over a rate limit; the headers say when to ask again. */
	| 'rate-limited'
	/**
	 * A request the service itself sent that came back to it (docs/protocol/delivery.md#loops);
	 * the headers mark it so that the delivery that brought it fails at once.
	 */
	| 'loop'
	/** The service could not keep a change; nothing of it was done. */
	| 'unavailable';

export class ServiceError extends Error {
	override name = 'ServiceError';
	constructor(
		readonly kind: ServiceErrorKind,
		message: string,
		/** Headers the answer carries (Retry-After and the rate-limit headers). */
		readonly headers: Readonly<Record<string, string>> = {},
	) {
		super(message);
	}
}

export const invalid = (message: string) => new ServiceError('invalid', message);
export const notFound = (message: string) => new ServiceError('not-found', message);
export const usedUp = (message: string) => new ServiceError('used-up', message);

/** The same error with `where` (e.g. `items[2]: `) put before its words. */
export function locatedError(where: string, error: ServiceError): ServiceError {
	return new ServiceError(error.kind, `${where}${error.message}`, error.headers);
}
