/**
 * The headers of an outgoing request (decisions.md, "Delivery"): the message's own headers
 * plus User-Agent, the signature over the exact body sent, the message id, the retry count,
 * the group and endpoint names for group messages, and the publisher's address. A forwarded
 * header never shadows one the service sets, whatever its spelling.
 */
import { type Dialect, prefixed } from '../../api/dialect.js';
import { signRequest } from '../../signing/jwt.js';
import type { StoredMessage } from '../messages/message.js';

export const userAgent = 'mqtop-local-service';

export function outgoingHeaders(
	message: StoredMessage,
	body: Buffer,
	options: { dialect: Dialect; signingKey: string; nowSeconds: number },
): Record<string, string> {
	const { dialect } = options;
	const own: Record<string, string> = {
		'User-Agent': userAgent,
		[prefixed(dialect, 'Signature')]: signRequest({
			key: options.signingKey,
			issuer: dialect.issuer,
			url: message.url,
			body,
			now: options.nowSeconds,
		}),
		[prefixed(dialect, 'Message-Id')]: message.id,
		[prefixed(dialect, 'Retried')]: String(message.retried),
	};
	if (message.topicName !== undefined) own[prefixed(dialect, 'Topic-Name')] = message.topicName;
	if (message.endpointName !== undefined) own[prefixed(dialect, 'Endpoint-Name')] = message.endpointName;
	if (message.callerIp) own[prefixed(dialect, 'Caller-Ip')] = message.callerIp;
	const reserved = new Set(Object.keys(own).map((name) => name.toLowerCase()));
	const headers: Record<string, string> = {};
	for (const [name, values] of Object.entries(message.header)) {
		if (!reserved.has(name.toLowerCase())) headers[name] = values.join(', ');
	}
	return Object.assign(headers, own);
}
