/** Checks shared by the vector store and the search index for what callers hand them. */
import { EngineError } from './engine-error.js';

export const maxIdLength = 512;
/** Most non-zero dimensions one sparse vector may have; the sparse embedder keeps that many terms. */
export const maxSparseNonZeros = 1000;
/**
 * Most records one request may read or write: the max_reads_per_request and
 * max_writes_per_request the search index resource reports.
 */
export const maxPerRequest = 1000;

/**
 * The limits both index resources report alike (-1: none), in the order the resources list
 * them: the local service counts usage but caps none of it, and takes maxPerRequest records.
 */
export const reportedLimits = {
	max_daily_updates: -1,
	max_daily_queries: -1,
	max_monthly_bandwidth: -1,
	max_writes_per_second: 1000,
	max_query_per_second: 1000,
	max_reads_per_request: maxPerRequest,
	max_writes_per_request: maxPerRequest,
} as const;

/** An id as the indexes take it: a non-empty string, or a finite number (kept as its text, 1 -> "1"). */
export function checkId(id: unknown, where: string): string {
	if (typeof id === 'number' && Number.isFinite(id)) return String(id);
	if (typeof id !== 'string' || id.length === 0)
		throw new EngineError(
			'invalid',
			`${where}: an id must be a non-empty string or a number, got ${JSON.stringify(id) ?? String(id)}`,
		);
	if (id.length > maxIdLength)
		throw new EngineError('invalid', `${where}: an id may have at most ${maxIdLength} characters`);
	return id;
}

export function checkCount(value: unknown, name: string, max = maxPerRequest): number {
	if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > max)
		throw new EngineError(
			'invalid',
			`${name} must be an integer from 1 to ${max}, got ${JSON.stringify(value)}`,
		);
	return value;
}

/** Refuses a batch larger than a request may carry. */
export function checkBatch(length: number, what: string): void {
	if (length > maxPerRequest)
		throw new EngineError('invalid', `at most ${maxPerRequest} ${what} per request, got ${length}`);
}

/**
 * Deletes the ids a store has by `drop` (unknown ones are not an error, one named twice is
 * deleted once); returns how many it deleted.
 */
export function deleteIds(
	ids: readonly string[],
	slotOf: ReadonlyMap<string, number>,
	drop: (slot: number) => void,
): number {
	checkBatch(ids.length, 'ids');
	let deleted = 0;
	for (const id of new Set(ids)) {
		const slot = slotOf.get(id);
		if (slot === undefined) continue;
		drop(slot);
		deleted++;
	}
	return deleted;
}

/** Bytes a value takes as JSON text, which is how it is counted in data size and bandwidth. */
export function jsonBytes(value: unknown): number {
	return value === undefined ? 0 : Buffer.byteLength(JSON.stringify(value));
}

/**
 * Slot-ordered paging: the cursor is the slot to start from, as decimal text; "" or "0" starts.
 * Anything present for the whole scan is returned exactly once; what is added meanwhile may or
 * may not be (like a Redis SCAN).
 */
export function parseCursor(cursor: unknown): number {
	if (cursor === undefined || cursor === '' || cursor === 0) return 0;
	const text = typeof cursor === 'number' ? String(cursor) : cursor;
	if (typeof text !== 'string' || !/^\d{1,15}$/.test(text))
		throw new EngineError(
			'invalid',
			`cursor must be "" or a cursor returned by range, got ${JSON.stringify(cursor)}`,
		);
	return Number(text);
}

/**
 * One page of a slot-ordered scan (the cursor rules above): the slots below `end` that
 * `wanted` takes, from the cursor on, at most `limit`; the cursor is "" once no later slot is
 * wanted, so a scan by prefix ends on its last match.
 */
export function scanPage(
	cursor: unknown,
	limit: unknown,
	end: number,
	wanted: (slot: number) => boolean,
): { slots: number[]; nextCursor: string } {
	const max = checkCount(limit, 'limit');
	let slot = parseCursor(cursor);
	const slots: number[] = [];
	for (; slot < end && slots.length < max; slot++) if (wanted(slot)) slots.push(slot);
	while (slot < end && !wanted(slot)) slot++;
	return { slots, nextCursor: slot < end ? String(slot) : '' };
}

/** Largest metadata of one record, as JSON: the vendor's 48 KB. */
export const maxMetadataBytes = 48 * 1024;
/** Largest data of one record: the vendor's 1 MB. */
export const maxDataBytes = 1024 * 1024;

export function checkMetadataSize(metadata: Record<string, unknown> | undefined, where: string): number {
	const bytes = jsonBytes(metadata);
	if (bytes > maxMetadataBytes)
		throw new EngineError(
			'invalid',
			`${where}: metadata takes ${bytes} bytes as JSON; at most ${maxMetadataBytes} (48 KB) are accepted`,
		);
	return bytes;
}

export function checkData(data: unknown, where: string): string | undefined {
	if (data === undefined || data === null) return undefined;
	if (typeof data !== 'string') throw new EngineError('invalid', `${where}: data must be a string`);
	const bytes = Buffer.byteLength(data);
	if (bytes > maxDataBytes)
		throw new EngineError(
			'invalid',
			`${where}: data takes ${bytes} bytes; at most ${maxDataBytes} (1 MB) are accepted`,
		);
	return data;
}

/** Metadata is a JSON object (or absent) of at most maxMetadataBytes; anything else is a caller's mistake. */
export function checkMetadata(value: unknown, where: string): Record<string, unknown> | undefined {
	if (value === undefined || value === null) return undefined;
	if (typeof value !== 'object' || Array.isArray(value))
		throw new EngineError('invalid', `${where}: metadata must be a JSON object`);
	checkMetadataSize(value as Record<string, unknown>, where);
	return value as Record<string, unknown>;
}
