/**
 * Loop detection. Every request the service sends carries `<prefix>Hops`: how many times what it
 * carries has passed through the service. A request that comes back with it (a URL Group endpoint,
 * a callback or a destination that points at the service itself) makes messages that carry the
 * count on, and at maxHops it is refused with 489 and `<prefix>NonRetryable-Error: true`: the
 * delivery that brought it fails at once, into the dead letter queue with the reason as its
 * response body, instead of multiplying traffic without end.
 */
import { type Dialect, prefixed } from '../../api/dialect.js';
import { HttpError } from '../http/reply.js';

/** Passes through the service a request may have made and still be accepted: 0, 1 and 2. */
export const maxHops = 3;

export function hopsHeader(dialect: Dialect): string {
	return prefixed(dialect, 'Hops');
}

/** The hop count of an incoming request (lowercase header fields); 0 without the header. */
export function incomingHops(fields: ReadonlyMap<string, string> | undefined, dialect: Dialect): number {
	const header = hopsHeader(dialect);
	const value = fields?.get(header.toLowerCase());
	if (value === undefined) return 0;
	if (!/^\d{1,6}$/.test(value.trim()))
		throw new HttpError(
			400,
			`${header}: expected the number of passes through the service, got ${JSON.stringify(value)}`,
		);
	const hops = Number(value.trim());
	if (hops >= maxHops) {
		throw new HttpError(
			489,
			`loop detected: this request has passed through the service ${hops} times (${header}); ` +
				'a URL Group endpoint, callback or destination points back at the service, so it is refused ' +
				'rather than sent round again',
			{ [prefixed(dialect, 'NonRetryable-Error')]: 'true' },
		);
	}
	return hops;
}
