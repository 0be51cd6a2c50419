/**
 * A poll failure as one line a person can act on. A 401 names the credential that was
 * refused, a 429 the rate limit that was hit, an answer that does not fit the field that was
 * wrong; everything that came from the network is sanitised here, once.
 */
import { ApiError, type RateLimit, rateLimitHit } from '../../api/errors.js';
import { describeIssue, type FieldIssue } from '../../api/liberal.js';
import { formatSpan } from '../../format/time.js';
import { sanitize } from '../../text/sanitize.js';
import type { Api } from './endpoints.js';

export interface FailureText {
	message: string;
	hint: string | undefined;
	status: number | undefined;
	retryAfterMs: number | undefined;
	/** For a 429: the limit that was hit; polling of its API waits for its reset. */
	rateLimit?: RateLimit | undefined;
}

const credentials: Record<Api, string> = {
	management: 'the management e-mail or API key',
	messaging: 'the messaging token',
};

/** The issue that made an answer not fit at all: a missing identity, or a root of another type. */
export function decisiveIssue(issues: readonly FieldIssue[]): FieldIssue | undefined {
	return issues.find((issue) => issue.kind === 'missing' || issue.path === '') ?? issues[0];
}

const unknownLimit: RateLimit = {
	scope: 'unknown',
	limit: undefined,
	remaining: undefined,
	resetAt: undefined,
};

export function describePollError(error: unknown, api: Api): FailureText {
	if (error instanceof ApiError) {
		const common = { status: error.status, retryAfterMs: error.retryAfterMs };
		if (error.status === 401) {
			const said = error.serverMessage ? `: ${error.serverMessage}` : '';
			return {
				...common,
				message: sanitize(`${api} API refused ${credentials[api]} (HTTP 401${said})`),
				hint: `check ${credentials[api]}`,
			};
		}
		if (error.status === 429)
			return {
				...common,
				message: sanitize(`${error.operation}: HTTP 429, ${rateLimitHit(error.rateLimit)}`),
				// The status line counts down to the reset itself; a refused send says it here.
				hint:
					error.retryAfterMs === undefined
						? 'wait and try again'
						: `it resets in ${formatSpan(error.retryAfterMs)}`,
				rateLimit: error.rateLimit ?? unknownLimit,
			};
		const why = error.kind === 'invalid-response' ? decisiveIssue(error.issues) : undefined;
		if (why)
			return {
				...common,
				message: sanitize(`${error.operation}: the answer does not fit: ${describeIssue(why)}`),
				hint: error.hint,
			};
		return { ...common, message: sanitize(error.message), hint: error.hint };
	}
	const message = error instanceof Error ? error.message : String(error);
	return { message: sanitize(message), hint: undefined, status: undefined, retryAfterMs: undefined };
}

/** A refused or failed request as one sanitised line, with what to do when there is a hint. */
export function describeSendError(error: unknown): string {
	const text = describePollError(error, 'messaging');
	return text.hint ? `${text.message} (${text.hint})` : text.message;
}
