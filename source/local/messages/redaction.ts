/**
 * `<prefix>Redact-Fields`: what the service shows of a message (GET, logs, dead letters,
 * schedules) hides the body and chosen headers as `REDACTED:<SHA-256 hex>`, so equal values
 * can still be told apart; deliveries always carry the originals.
 */
import { createHash } from 'node:crypto';
import type { Redaction } from '../../api/publish-options.js';

export function redactedValue(value: string | Buffer): string {
	return `REDACTED:${createHash('sha256').update(value).digest('hex')}`;
}

export function shownHeaders(
	header: Record<string, string[]>,
	redact: Redaction | undefined,
): Record<string, string[]> {
	const hidden = redact?.headers;
	if (!hidden) return header;
	const names = hidden === true ? undefined : new Set(hidden.map((name) => name.toLowerCase()));
	const out: Record<string, string[]> = {};
	for (const [name, values] of Object.entries(header))
		out[name] = !names || names.has(name.toLowerCase()) ? values.map(redactedValue) : values;
	return out;
}

export function isBodyRedacted(redact: Redaction | undefined): boolean {
	return redact?.body === true;
}
