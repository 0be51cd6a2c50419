/**
 * What the service does with the names of a message's headers: how it shows them, which never
 * travel on to a destination (docs/protocol/publish.md#forwarded-headers).
 */

/** `x-custom-id` as `X-Custom-Id`, the way headers are shown in a message. */
export function canonicalHeaderName(name: string): string {
	return name
		.toLowerCase()
		.split('-')
		.map((part) => (part ? part[0]!.toUpperCase() + part.slice(1) : part))
		.join('-');
}

/** Hop-by-hop and transport headers: never forwarded to a destination. */
const transportHeaders = new Set([
	'authorization',
	'connection',
	'content-length',
	'expect',
	'host',
	'keep-alive',
	'proxy-authenticate',
	'proxy-authorization',
	'proxy-connection',
	'te',
	'trailer',
	'transfer-encoding',
	'upgrade',
]);

/**
 * Whether a header is about one connection (length, framing, keep-alive, the host) rather
 * than about the message: such a header never travels on to a destination, even when a
 * client forwards it by name, as a workflow SDK forwards every header its route received.
 */
export function isConnectionHeader(lowercaseName: string): boolean {
	return transportHeaders.has(lowercaseName) && lowercaseName !== 'authorization';
}

/**
 * Whether an incoming header may reach the destination under Header-Forward: never
 * Authorization, transport headers, nor the service's own (prefixed) headers.
 */
export function isForwardable(lowercaseName: string, lowercasePrefix: string): boolean {
	return !transportHeaders.has(lowercaseName) && !lowercaseName.startsWith(lowercasePrefix);
}
