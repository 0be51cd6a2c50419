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

const nowhere: RecordSink<unknown> = { put() {}, delete() {}, clear() {} };

/** The sink of an in-memory store: changes go nowhere. */
export function discard<T>(): RecordSink<T> {
	return nowhere as RecordSink<T>;
}

/** Whether `sink` drops every change (a store need not build what it would have kept). */
export function isDiscard(sink: RecordSink<unknown>): boolean {
	return sink === nowhere;
}

/** A sequence number as a key that sorts as the number does: kept records come back in key order. */
export function seqKey(seq: number): string {
	return seq.toString().padStart(16, '0');
}
