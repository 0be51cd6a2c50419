/**
 * Publish deduplication (decisions.md): a key seen within the window answers with what the
 * first publish answered. Expired keys leave in arrival order, so the work is O(1) per call.
 */
export const dedupWindowMs = 10 * 60_000;

export class DedupStore<V> {
	private readonly entries = new Map<string, { value: V; expiresAt: number }>();

	get(key: string, now: number): V | undefined {
		this.prune(now);
		return this.entries.get(key)?.value;
	}

	set(key: string, value: V, now: number): void {
		this.prune(now);
		this.entries.delete(key);
		this.entries.set(key, { value, expiresAt: now + dedupWindowMs });
	}

	private prune(now: number): void {
		for (const [key, entry] of this.entries) {
			if (entry.expiresAt > now) break;
			this.entries.delete(key);
		}
	}
}
