/** How long to wait before polling a failing endpoint again. */
export interface BackoffPolicy {
	/** Wait after the first failure. */
	baseMs: number;
	/** The wait never grows beyond this. */
	maxMs: number;
}

/**
 * Exponential in the number of consecutive failures (1 = the first), capped at `maxMs`;
 * a server's Retry-After is honoured when it asks for longer, within the cap.
 */
export function backoffDelay(failures: number, policy: BackoffPolicy, retryAfterMs?: number): number {
	const exponential = policy.baseMs * 2 ** Math.max(0, Math.min(30, failures - 1));
	return Math.min(policy.maxMs, Math.max(exponential, retryAfterMs ?? 0));
}
