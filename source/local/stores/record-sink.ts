/**
 * Where a store reports its changes, record by record, so that they can be kept (the data
 * directory) or dropped (an in-memory service). A store calls it after it changed its own
 * state; what the sink does with the value happens later, so a store must not rely on it.
 */
export interface RecordSink<T> {
	/** `key` now holds `value` (the sink may read `value` later, when it is written). */
	put(key: string, value: T): void;
	delete(key: string): void;
	/** Every record of this store is gone. */
	clear(): void;
}

/** A sink that also deletes a run of keys at once: what the keeper's collections are. */
export interface RangeRecordSink<T> extends RecordSink<T> {
	/**
	 * Every record with a key from `from` up to (not including) `to`, in key order, is gone. For
	 * keys that are never put again (a sequence that only grows): one range, not a delete per key.
	 */
	deleteRange(from: string, to: string): void;
}

const nowhere: RangeRecordSink<unknown> = { put() {}, delete() {}, clear() {}, deleteRange() {} };

/** The sink of an in-memory store: changes go nowhere. */
export function discard<T>(): RangeRecordSink<T> {
	return nowhere as RangeRecordSink<T>;
}
