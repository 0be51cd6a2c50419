/**
 * Request paths built from segments. Every value (a URL Group name, an id, a whole destination
 * URL) is percent-encoded into one segment, so a `/`, `?`, `#`, `\` or `%` in it cannot change
 * the route. Dot segments cannot be encoded at all (URL parsers read `%2e` as `.` and collapse
 * `..` with the segment before it), nor can an empty value be: a path with an empty, `.` or `..`
 * segment is refused before it is sent (pathProblem).
 */

// A lone surrogate has no UTF-8 form (encodeURIComponent throws on it); it becomes U+FFFD.
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** One path segment holding `value` whole. */
export function pathSegment(value: string): string {
	return encodeURIComponent(value.replace(loneSurrogate, '\ufffd'));
}

/**
 * A path from a template whose every value is one encoded segment:
 * apiPath`/v2/topics/${name}/endpoints`.
 */
export function apiPath(strings: TemplateStringsArray, ...values: readonly (string | number)[]): string {
	let out = strings[0] ?? '';
	for (const [i, value] of values.entries()) out += pathSegment(String(value)) + (strings[i + 1] ?? '');
	return out;
}

const dotSegment = /^(?:\.|%2e){1,2}$/i;

/** `.` or `..`, also percent-encoded (`%2e`, `.%2E`, ...): URL parsers remove such segments. */
export function isDotSegment(part: string): boolean {
	return dotSegment.test(part);
}

/**
 * Why `path` (a path and query relative to a host) would not reach the service as built, or
 * undefined when it would. URL parsing removes dot segments, and a server that skips empty
 * segments reads `/v2/topics//endpoints` as the group named "endpoints".
 */
export function pathProblem(path: string): string | undefined {
	const end = path.search(/[?#]/);
	const pathname = end < 0 ? path : path.slice(0, end);
	if (!pathname.startsWith('/')) return 'the path does not start with "/"';
	// URL parsers take a backslash for a slash in http(s) URLs.
	for (const part of pathname.slice(1).split(/[/\\]/)) {
		if (part === '') return 'a name, id or destination in the path is empty';
		if (isDotSegment(part))
			return `a name, id or destination in the path is ${JSON.stringify(decodeDots(part))}, which URL parsing would remove`;
	}
	return undefined;
}

function decodeDots(part: string): string {
	return part.replace(/%2e/gi, '.');
}
