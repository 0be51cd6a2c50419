/**
 * Loop detection. Every request the service sends carries `<prefix>Hops`: how many times what it
 * carries has passed through the service. A request that comes back with it (a URL Group endpoint,
 * a callback or a destination that points at the service itself) is refused wherever it would
 * make messages, at its first hop back: with 489, `<prefix>NonRetryable-Error: true` and
 * `<prefix>Loop-Refused: true`, so the delivery that brought it fails at once, into the dead
 * letter queue with the reason as its response body. One publish to a URL Group of N endpoints
 * that point back makes N deliveries and N refusals, not N + N² + N³ messages; the dead letter
 * queue knows the refusals by their mark and lets them go first when it is full.
 */
import { type Dialect, prefixed } from '../../api/dialect.js';
import { invalid, ServiceError } from '../errors.js';

/** Passes through the service a request may have made and still be accepted: none. */
export const maxHops = 1;

export function hopsHeader(dialect: Dialect): string {
	return prefixed(dialect, 'Hops');
}

/** The header that marks the service's own refusal of a request that came back to it. */
export function loopRefusedHeader(dialect: Dialect): string {
	return prefixed(dialect, 'Loop-Refused');
}

/** The hop count of an incoming request (lowercase header fields); 0 without the header. */
export function incomingHops(fields: ReadonlyMap<string, string> | undefined, dialect: Dialect): number {
	const header = hopsHeader(dialect);
	const value = fields?.get(header.toLowerCase());
	if (value === undefined) return 0;
	if (!/^\d{1,6}$/.test(value.trim()))
		throw invalid(
			`${header}: expected the number of passes through the service, got ${JSON.stringify(value)}`,
		);
	const hops = Number(value.trim());
	if (hops >= maxHops) {
		throw new ServiceError(
			'loop',
			`loop detected: this request was sent by the service itself (${header}: ${hops}); ` +
				'a URL Group endpoint, callback or destination points back at the service, so it is refused ' +
				'rather than sent round again',
			{ [prefixed(dialect, 'NonRetryable-Error')]: 'true', [loopRefusedHeader(dialect)]: 'true' },
		);
	}
	return hops;
}
