/** The headers of an incoming request as the fields publish, triggers and notify read. */
import type { IncomingHttpHeaders } from 'node:http';

/** Lowercase name to value; repeated headers joined with ", " as HTTP allows. */
export function headerFields(headers: IncomingHttpHeaders): Map<string, string> {
	const fields = new Map<string, string>();
	for (const [name, value] of Object.entries(headers)) {
		if (value === undefined) continue;
		fields.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : value);
	}
	return fields;
}

/** Kept for workflows/run-messages.ts until the engine split imports it from messages/. */
