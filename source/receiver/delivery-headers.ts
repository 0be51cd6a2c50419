/** The headers the service adds to every request it sends, under the dialect's prefix. */
import { type Dialect, prefixed } from '../api/dialect.js';
import type { DeliveryHeaders } from './event.js';
import type { Headers } from './raw-headers.js';

/** The lowercase name of the `<prefix>Signature` header. */
export function signatureHeaderName(dialect: Dialect): string {
	return deliveryHeaderNames(dialect).signature;
}

interface DeliveryHeaderNames {
	signature: string;
	messageId: string;
	retried: string;
	topicName: string;
	endpointName: string;
	callerIp: string;
}

const headerNames = new Map<string, DeliveryHeaderNames>();

/** The lowercase delivery header names of a prefix, worked out once per prefix. */
export function deliveryHeaderNames(dialect: Dialect): DeliveryHeaderNames {
	let names = headerNames.get(dialect.headerPrefix);
	if (!names) {
		const name = (suffix: string) => prefixed(dialect, suffix).toLowerCase();
		names = {
			signature: name('Signature'),
			messageId: name('Message-Id'),
			retried: name('Retried'),
			topicName: name('Topic-Name'),
			endpointName: name('Endpoint-Name'),
			callerIp: name('Caller-Ip'),
		};
		headerNames.set(dialect.headerPrefix, names);
	}
	return names;
}

export function deliveryHeaders(headers: Headers, dialect: Dialect): DeliveryHeaders {
	const names = deliveryHeaderNames(dialect);
	const retried = headers[names.retried]?.trim();
	return {
		messageId: headers[names.messageId] || undefined,
		retried: retried && /^\d{1,9}$/.test(retried) ? Number(retried) : undefined,
		topicName: headers[names.topicName] || undefined,
		endpointName: headers[names.endpointName] || undefined,
		callerIp: headers[names.callerIp] || undefined,
		userAgent: headers['user-agent'] || undefined,
	};
}
