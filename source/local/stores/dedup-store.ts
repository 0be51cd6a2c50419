/**
 * Publish deduplication (docs/protocol/publish.md#deduplication): a key seen within the window
 * answers with what the first publish answered. Expired keys leave in arrival order, so the work is
 * O(1) per call.
 */
import { discard, type RecordSink } from './record-sink.js';

export const dedupWindowMs = 10 * 60_000;

export interface DedupEntry<V> {
	value: V;
	expiresAt: number;
}

export class DedupStore<V> {
	private readonly entries = new Map<string, DedupEntry<V>>();

	constructor(private readonly sink: RecordSink<DedupEntry<V>> = discard()) {}

	get(key: string, now: number): V | undefined {
		this.prune(now);
		return this.entries.get(key)?.value;
	}

	set(key: string, value: V, now: number): void {
		this.prune(now);
		this.entries.delete(key);
		const entry = { value, expiresAt: now + dedupWindowMs };
		this.entries.set(key, entry);
		this.sink.put(key, entry);
	}

	/** Puts back entries that were kept (their sink is not told); expired ones go at the next call. */
	restore(entries: readonly (readonly [string, DedupEntry<V>])[]): void {
		const all = [...this.entries, ...entries].sort((a, b) => a[1].expiresAt - b[1].expiresAt);
		this.entries.clear();
		for (const [key, entry] of all) this.entries.set(key, entry);
	}

	private prune(now: number): void {
		for (const [key, entry] of this.entries) {
			if (entry.expiresAt > now) break;
			this.entries.delete(key);
			this.sink.delete(key);
		}
	}
}
