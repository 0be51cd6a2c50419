/** How long to wait before polling a failing endpoint again. */
export interface BackoffPolicy {
	/** Wait after the first failure. */
	baseMs: number;
	/** The wait of our own never grows beyond this. */
	maxMs: number;
}

/**
 * Exponential in the number of consecutive failures (1 = the first), capped at `maxMs`. A
 * server's Retry-After (or the reset of the rate limit it named) is honoured whenever it asks
 * for longer, beyond the cap too: asking before a daily limit resets only spends requests.
 */
export function backoffDelay(failures: number, policy: BackoffPolicy, retryAfterMs?: number): number {
	const exponential = policy.baseMs * 2 ** Math.max(0, Math.min(30, failures - 1));
	return Math.max(Math.min(policy.maxMs, exponential), retryAfterMs ?? 0);
}
