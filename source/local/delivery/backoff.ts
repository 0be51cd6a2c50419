/**
 * How long a message waits before its next attempt (docs/protocol/delivery.md#backoff), in order of
 * precedence: the destination's Retry-After (at most a day), the message's Retry-Delay expression
 * (evaluated, never run, with `retried` = retries before this one: 0 for the first), else the
 * default min(86400, e^(2.5*n)) seconds where n is the number of the retry about to happen (1 for
 * the first: 12 s, then 2m28s, 30m8s, ...).
 */
import { parseRetryAfter } from '../../api/errors.js';
import { evaluateRetryDelay, type RetryDelayExpr } from '../../api/retry-delay.js';

export const maxBackoffMs = 86_400_000;

/** Milliseconds before retry number `n` (1-based). */
export type Backoff = (n: number) => number;

export function defaultBackoff(n: number): number {
	return Math.min(maxBackoffMs, Math.exp(2.5 * n) * 1000);
}

/** The default backoff scaled by `scale` (tests use a small scale to stay fast). */
export function scaledBackoff(scale: number): Backoff {
	return (n) => defaultBackoff(n) * scale;
}

function clamp(ms: number): number {
	if (!Number.isFinite(ms) || ms < 0) return 0;
	return Math.min(maxBackoffMs, Math.round(ms));
}

export function nextRetryDelay(options: {
	retryAfter: string | undefined;
	retryDelay: RetryDelayExpr | undefined;
	/** Retries that happened before this one. */
	retried: number;
	backoff: Backoff;
	now: number;
}): number {
	const asked = parseRetryAfter(options.retryAfter, options.now);
	if (asked !== undefined) return clamp(asked);
	if (options.retryDelay) return clamp(evaluateRetryDelay(options.retryDelay, options.retried));
	return clamp(options.backoff(options.retried + 1));
}
