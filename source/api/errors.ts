/** The one error the client raises: what was attempted, what the server said, what to do. */
import type { FieldIssue } from './liberal.js';

/** `invalid-request`: refused by the client itself, nothing was sent. */
export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'invalid-response' | 'invalid-request';

/**
 * Which rate limit a 429 hit (docs/protocol/errors.md#rate-limits): `burst` is the per-second limit
 * of the `Burst-RateLimit-*` headers, `daily` the daily one of `RateLimit-*`; `unknown` when the
 * answer said neither.
 */
export interface RateLimit {
	scope: 'burst' | 'daily' | 'unknown';
	limit: number | undefined;
	remaining: number | undefined;
	/** Unix milliseconds at which the limit resets, when the service said. */
	resetAt: number | undefined;
}

export class ApiError extends Error {
	override name = 'ApiError';
	readonly operation: string;
	readonly kind: ApiErrorKind;
	/** HTTP status; undefined when no response arrived. */
	readonly status: number | undefined;
	/** The server's own message (the `error` field of its body), when it sent one. */
	readonly serverMessage: string | undefined;
	/**
	 * Milliseconds to wait before asking again, when the server said: its Retry-After, else the
	 * reset time of the rate limit that was hit.
	 */
	readonly retryAfterMs: number | undefined;
	/** For a 429: the rate limit that was hit and when it resets. */
	readonly rateLimit: RateLimit | undefined;
	/** For an answer that did not fit: what was odd about it, field by field. */
	readonly issues: readonly FieldIssue[];

	constructor(options: {
		operation: string;
		kind: ApiErrorKind;
		status?: number | undefined;
		serverMessage?: string | undefined;
		retryAfterMs?: number | undefined;
		rateLimit?: RateLimit | undefined;
		issues?: readonly FieldIssue[];
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
		this.rateLimit = options.rateLimit;
		this.issues = options.issues ?? [];
	}

	/** A hint a person can act on, or undefined when the message says it all. */
	get hint(): string | undefined {
		if (this.kind === 'network') return 'is the service running and the URL right?';
		if (this.kind === 'timeout') return 'the service is slow or unreachable; it will be retried';
		if (this.status === 401) return 'check the credentials for this endpoint';
		if (this.status === 429) return describeRateLimit(this.rateLimit, this.retryAfterMs);
		if (this.kind === 'invalid-response')
			return 'the service answered in a shape mqtop does not know: is the URL right, and the dialect?';
		return undefined;
	}
}

/** `over the per-second rate limit (10 a second); it resets in 2s`, for a person. */
export function describeRateLimit(limit: RateLimit | undefined, retryAfterMs: number | undefined): string {
	const wait = retryAfterMs === undefined ? 'wait and try again' : `it resets in ${formatWait(retryAfterMs)}`;
	return `${rateLimitHit(limit)}; ${wait}`;
}

/** Which limit a 429 hit, e.g. `over the daily request limit (500000 a day)`. */
export function rateLimitHit(limit: RateLimit | undefined): string {
	const which =
		limit?.scope === 'burst'
			? 'the per-second rate limit'
			: limit?.scope === 'daily'
				? 'the daily request limit'
				: 'a rate limit';
	const per = { burst: ' a second', daily: ' a day', unknown: '' } as const;
	const cap = limit?.limit === undefined ? '' : ` (${limit.limit}${per[limit.scope]})`;
	return `over ${which}${cap}`;
}

function formatWait(ms: number): string {
	const seconds = Math.ceil(ms / 1000);
	if (seconds < 60) return `${seconds}s`;
	const minutes = Math.ceil(seconds / 60);
	if (minutes < 60) return `${minutes}m`;
	return `${Math.floor(minutes / 60)}h${minutes % 60 ? `${minutes % 60}m` : ''}`;
}

type HeaderValue = string | string[] | undefined;
const first = (value: HeaderValue) => (Array.isArray(value) ? value[0] : value);

function headerNumber(headers: Record<string, HeaderValue>, name: string): number | undefined {
	const text = first(headers[name])?.trim();
	if (text === undefined || !/^\d+(\.\d+)?$/.test(text)) return undefined;
	return Number(text);
}

/**
 * A reset header as unix milliseconds. The protocol gives unix seconds
 * (docs/protocol/errors.md#rate-limits); a small number is read as seconds from now, as some
 * services send it.
 */
function resetAt(value: number | undefined, now: number): number | undefined {
	if (value === undefined) return undefined;
	if (value > 1e12) return value;
	if (value > 1e9) return value * 1000;
	return now + value * 1000;
}

/**
 * The rate limit a 429 answer names in its headers (lowercase names, as Node gives them), or
 * undefined when it names none. The limit whose remaining count is 0 is the one that was hit.
 */
export function parseRateLimit(
	headers: Record<string, HeaderValue>,
	now = Date.now(),
): RateLimit | undefined {
	const read = (prefix: string, scope: 'burst' | 'daily'): RateLimit | undefined => {
		const limit = headerNumber(headers, `${prefix}ratelimit-limit`);
		const remaining = headerNumber(headers, `${prefix}ratelimit-remaining`);
		const reset = resetAt(headerNumber(headers, `${prefix}ratelimit-reset`), now);
		if (limit === undefined && remaining === undefined && reset === undefined) return undefined;
		return { scope, limit, remaining, resetAt: reset };
	};
	const burst = read('burst-', 'burst');
	const daily = read('', 'daily');
	if (burst?.remaining === 0) return burst;
	if (daily?.remaining === 0) return daily;
	return burst ?? daily;
}

/**
 * How long to wait after a 429 or 503: Retry-After when given, else until the reset of the rate
 * limit that was hit.
 */
export function waitAfter(
	headers: Record<string, HeaderValue>,
	rateLimit: RateLimit | undefined,
	now = Date.now(),
): number | undefined {
	const asked = parseRetryAfter(first(headers['retry-after']), now);
	if (asked !== undefined) return asked;
	return rateLimit?.resetAt === undefined ? undefined : Math.max(0, rateLimit.resetAt - now);
}

/** Milliseconds from a Retry-After value (seconds or an HTTP date), or undefined. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
	if (value === undefined || value.trim() === '') return undefined;
	const text = value.trim();
	if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
	const date = Date.parse(text);
	return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
