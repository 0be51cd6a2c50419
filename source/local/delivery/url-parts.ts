/**
 * A destination URL as the HTTP client takes it: the origin it pools connections by, and the
 * path (with the query) it sends, as undici's own `request(url)` works them out. Most
 * messages go to a few URLs, so the parts are kept for the URLs seen last rather than parsed
 * again for each attempt.
 */

export interface UrlParts {
	origin: string;
	path: string;
}

/** URLs whose parts are kept; past this many the cache starts over. */
const cacheSize = 1024;
const cache = new Map<string, UrlParts | undefined>();

/** The parts of `url`; undefined when it does not parse. */
export function urlParts(url: string): UrlParts | undefined {
	if (cache.has(url)) return cache.get(url);
	let parts: UrlParts | undefined;
	try {
		const parsed = new URL(url);
		parts = { origin: parsed.origin, path: `${parsed.pathname}${parsed.search}` };
	} catch {
		parts = undefined;
	}
	if (cache.size >= cacheSize) cache.clear();
	cache.set(url, parts);
	return parts;
}
