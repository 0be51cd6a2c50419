/** The one error the client raises: what was attempted, what the server said, what to do. */
/** `invalid-request`: refused by the client itself, nothing was sent. */
export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'invalid-response' | 'invalid-request';

export class ApiError extends Error {
	override name = 'ApiError';
	readonly operation: string;
	readonly kind: ApiErrorKind;
	/** HTTP status; undefined when no response arrived. */
	readonly status: number | undefined;
	/** The server's own message (the `error` field of its body), when it sent one. */
	readonly serverMessage: string | undefined;
	/** Milliseconds the server asked to wait (Retry-After), when it did. */
	readonly retryAfterMs: number | undefined;

	constructor(options: {
		operation: string;
		kind: ApiErrorKind;
		status?: number | undefined;
		serverMessage?: string | undefined;
		retryAfterMs?: number | undefined;
		detail?: string;
		cause?: unknown;
	}) {
		const what =
			options.kind === 'http'
				? `HTTP ${options.status}${options.serverMessage ? `: ${options.serverMessage}` : ''}`
				: (options.detail ?? options.kind);
		super(
			`${options.operation} failed: ${what}`,
			options.cause === undefined ? undefined : { cause: options.cause },
		);
		this.operation = options.operation;
		this.kind = options.kind;
		this.status = options.status;
		this.serverMessage = options.serverMessage;
		this.retryAfterMs = options.retryAfterMs;
	}

	/** A hint a person can act on, or undefined when the message says it all. */
	get hint(): string | undefined {
		if (this.kind === 'network') return 'is the service running and the URL right?';
		if (this.kind === 'timeout') return 'the service is slow or unreachable; it will be retried';
		if (this.status === 401) return 'check the credentials for this endpoint';
		if (this.status === 429) return 'over a rate limit; wait and try again';
		return undefined;
	}
}

/** Milliseconds from a Retry-After value (seconds or an HTTP date), or undefined. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
	if (value === undefined || value.trim() === '') return undefined;
	const text = value.trim();
	if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
	const date = Date.parse(text);
	return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
