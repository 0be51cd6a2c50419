/** Checks shared by the vector store and the search index for what callers hand them. */
import { EngineError, listIds } from './engine-error.js';

export const maxIdLength = 512;
/**
 * Most records one request may read or write: the max_reads_per_request and
 * max_writes_per_request the search index resource reports.
 */
export const maxPerRequest = 1000;

export function checkId(id: unknown, where: string): string {
	if (typeof id !== 'string' || id.length === 0)
		throw new EngineError('invalid', `${where}: an id must be a non-empty string`);
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

/** Metadata is a JSON object (or absent); anything else is a caller's mistake. */
export function checkMetadata(value: unknown, where: string): Record<string, unknown> | undefined {
	if (value === undefined || value === null) return undefined;
	if (typeof value !== 'object' || Array.isArray(value))
		throw new EngineError('invalid', `${where}: metadata must be a JSON object`);
	return value as Record<string, unknown>;
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
 * The ids of a delete request, checked and de-duplicated, all known to `slotOf`, or an error
 * that names the unknown ones: an unknown id fails the whole request (as removing an unknown
 * endpoint from a URL Group does), so a typo cannot half-apply.
 */
export function slotsToDelete(
	ids: readonly string[],
	slotOf: ReadonlyMap<string, number>,
	noun: string,
): number[] {
	checkBatch(ids.length, 'ids');
	const unique = [...new Set(ids.map((id, i) => checkId(id, `ids[${i}]`)))];
	const unknown = unique.filter((id) => !slotOf.has(id));
	if (unknown.length > 0)
		throw new EngineError('not-found', `no ${noun} with id ${listIds(unknown)}; nothing was deleted`);
	return unique.map((id) => slotOf.get(id) as number);
}
