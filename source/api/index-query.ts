/**
 * What a person types to browse an index, read into the data plane's requests: a vector pasted
 * as JSON (a dense list of numbers, or a sparse `{"indices", "values"}`), a top K, a list of ids.
 * Pure: the commands and the panes check their input the same way, each error a sentence that
 * says what is wrong (docs/protocol/vector.md#commands).
 */
import type { SparseVector } from './index-schemas.js';

/** The service's most: top K and a range page take 1 to 1000 (docs/protocol/vector.md). */
export const maxTopK = 1000;
export const maxPage = 1000;
/** Ids one fetch or delete names at most: one request of the service's per-request limit. */
export const maxIds = 1000;

export type QueryVector = { vector: number[] } | { sparseVector: SparseVector };

const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** A vector pasted as JSON: `[0.1, 0.2]` (dense) or `{"indices": [1, 5], "values": [0.5, 0.2]}` (sparse). */
export function parseQueryVector(textValue: string): QueryVector {
	let json: unknown;
	try {
		json = JSON.parse(textValue);
	} catch {
		throw new Error('the vector is not JSON: give [0.1, 0.2, ...] or {"indices": [...], "values": [...]}');
	}
	if (Array.isArray(json)) {
		if (json.length === 0) throw new Error('the vector is empty');
		if (!json.every(finite)) throw new Error('the vector holds something other than numbers');
		return { vector: json };
	}
	if (json && typeof json === 'object') {
		const { indices, values } = json as { indices?: unknown; values?: unknown };
		if (!Array.isArray(indices) || !Array.isArray(values))
			throw new Error('a sparse vector is {"indices": [...], "values": [...]}');
		if (indices.length !== values.length) throw new Error('a sparse vector has as many indices as values');
		if (!indices.every((i) => Number.isInteger(i) && (i as number) >= 0))
			throw new Error('the indices of a sparse vector are whole numbers from 0');
		if (!values.every(finite)) throw new Error('the values of a sparse vector are numbers');
		return { sparseVector: { indices: indices as number[], values: values as number[] } };
	}
	throw new Error('the vector is a list of numbers or {"indices": [...], "values": [...]}');
}

/** A whole number from 1 to `max`, as typed; `what` names it in the error. */
export function parseCount(textValue: string, what: string, max: number): number {
	const trimmed = textValue.trim();
	const value = Number(trimmed);
	if (!/^\d+$/.test(trimmed) || value < 1 || value > max)
		throw new Error(`${what}: expected a whole number from 1 to ${max}, got ${JSON.stringify(textValue)}`);
	return value;
}

/** Ids typed in one line, split at commas and spaces; none empty, at most maxIds. */
export function parseIds(textValue: string): string[] {
	const ids = textValue.split(/[\s,]+/).filter((id) => id !== '');
	if (ids.length === 0) throw new Error('no id given');
	if (ids.length > maxIds) throw new Error(`at most ${maxIds} ids at once`);
	return ids;
}
