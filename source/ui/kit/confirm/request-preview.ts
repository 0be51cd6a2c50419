/**
 * A request as the person confirms it before it is sent: method and path, the headers that
 * matter (credentials left out) and the body exactly as it goes out.
 */
import type { ApiRequest } from '../../../api/transport.js';
import { hardWrap } from '../text/wrap.js';

export interface RequestPreview {
	method: string;
	/** Path and query, relative to the messaging API host. */
	path: string;
	headers: readonly (readonly [string, string])[];
	/** The body as sent; undefined when there is none. */
	body: string | undefined;
}

/** Any request built apart (an area's request builder): its headers, then a JSON or a raw body. */
export function previewRequest(request: ApiRequest): RequestPreview {
	const json = request.json === undefined ? undefined : JSON.stringify(request.json);
	const headers: [string, string][] = Object.entries(request.headers ?? {});
	if (json !== undefined) headers.push(['Content-Type', 'application/json']);
	const raw = request.body;
	const body =
		json ??
		(raw === undefined ? undefined : typeof raw === 'string' ? raw : Buffer.from(raw).toString('utf8'));
	return { method: request.method, path: request.path, headers, body };
}

/** The preview as lines of at most `width` characters: request line, headers, a blank line, the body. */
export function previewLines(preview: RequestPreview, width: number): string[] {
	return [
		...hardWrap(`${preview.method} ${preview.path}`, width),
		...preview.headers.flatMap(([name, value]) => hardWrap(`${name}: ${value}`, width)),
		...(preview.body === undefined
			? ['(no body)']
			: preview.body === ''
				? ['', '(empty body)']
				: ['', ...hardWrap(preview.body, width)]),
	];
}
