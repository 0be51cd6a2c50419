/**
 * What a handler answers, and how the router writes it; every error body is `{"error": "..."}`
 * (docs/protocol/errors.md#error-body). Handlers and domain code throw a ServiceError
 * (../errors.ts), which error-status.ts turns into its answer; HttpError is the router's own
 * answers (an unknown path, a method a path does not take, a bug).
 */
import type { ServerResponse } from 'node:http';

export interface Reply {
	status: number;
	/** Serialised as JSON when present. */
	json?: unknown;
	headers?: Record<string, string>;
}

export function ok(json: unknown, headers?: Record<string, string>): Reply {
	return headers ? { status: 200, json, headers } : { status: 200, json };
}

/** 200 with an empty body, as the URL Group writes answer. */
export function empty(): Reply {
	return { status: 200 };
}

export class HttpError extends Error {
	override name = 'HttpError';
	constructor(
		readonly status: number,
		message: string,
		readonly headers: Record<string, string> = {},
	) {
		super(message);
	}
}

export function writeReply(res: ServerResponse, reply: Reply): void {
	if (res.headersSent || res.destroyed) return;
	const headers: Record<string, string> = { ...reply.headers };
	let body: string | undefined;
	if (reply.json !== undefined) {
		body = JSON.stringify(reply.json);
		headers['content-type'] = 'application/json';
		headers['content-length'] = String(Buffer.byteLength(body));
	} else {
		headers['content-length'] = '0';
	}
	res.writeHead(reply.status, headers);
	res.end(body);
}

export function errorReply(error: HttpError): Reply {
	return { status: error.status, json: { error: error.message }, headers: error.headers };
}
