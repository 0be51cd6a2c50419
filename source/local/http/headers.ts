/** The headers of an incoming request as the fields publish, triggers and notify read. */
import type { IncomingHttpHeaders } from 'node:http';

/** Lowercase name to value; repeated headers joined with ", " as HTTP allows. */
export function headerFields(headers: IncomingHttpHeaders): Map<string, string> {
	const fields = new Map<string, string>();
	// node:http gives the names lowercase already.
	for (const name in headers) {
		const value = headers[name];
		if (value === undefined) continue;
		fields.set(name, Array.isArray(value) ? value.join(', ') : value);
	}
	return fields;
}

/** Kept for workflows/run-messages.ts until the engine split imports it from messages/. */
