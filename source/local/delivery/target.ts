/**
 * Where a delivery goes, as the HTTP client takes it: the origin (scheme, host and port) it pools
 * connections by, and the request target (path and query; a fragment is not sent). Worked out
 * once per message, not once by the slots and again by the client.
 */

export interface DeliveryTarget {
	origin: string;
	path: string;
}

/** The target of `url`; undefined when it does not parse as an http(s) URL. */
export function deliveryTarget(url: string): DeliveryTarget | undefined {
	let parsed: URL;
	try {
		parsed = new URL(url);
	} catch {
		return undefined;
	}
	if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
	return { origin: parsed.origin, path: `${parsed.pathname}${parsed.search}` };
}
