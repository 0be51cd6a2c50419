/**
 * An index's records as a person reads them, one line a field: a score, metadata and content as
 * compact JSON, data as its text, vectors shortened to their first values. Shared by the
 * commands and the Vector and Search panes; every piece of network text is sanitised here.
 */
import { safeJson } from '../text/json-line.js';
import { sanitize } from '../text/sanitize.js';
import { missing } from './missing.js';

/** Values of a vector shown before `…`. */
const shownValues = 4;

/** `0.8123`: four decimals, enough to order matches by eye. */
export function scoreText(score: unknown): string {
	return typeof score === 'number' && Number.isFinite(score) ? score.toFixed(4) : missing;
}

/** Metadata, content or any JSON value as one sanitised line; "—" when there is none. */
export function jsonText(value: unknown): string {
	if (value === undefined || value === null) return missing;
	return sanitize(typeof value === 'string' ? value : safeJson(value));
}

/** `[0.1, 0.2, 0.3, 0.4, … 384 values]`, or a sparse vector's count of terms. */
export function vectorText(vector: unknown, sparse?: unknown): string {
	const parts: string[] = [];
	if (Array.isArray(vector) && vector.length > 0) {
		const head = vector.slice(0, shownValues).map((v) => String(v));
		parts.push(
			vector.length > shownValues
				? `[${head.join(', ')}, … ${vector.length} values]`
				: `[${head.join(', ')}]`,
		);
	}
	if (sparse && typeof sparse === 'object' && Array.isArray((sparse as { indices?: unknown }).indices))
		parts.push(`sparse, ${(sparse as { indices: unknown[] }).indices.length} terms`);
	return parts.length > 0 ? parts.join('; ') : missing;
}

/** A record read from an index: the fields a person reads, in this order. */
export interface RecordLike {
	id: string;
	score?: unknown;
	metadata?: unknown;
	data?: unknown;
	content?: unknown;
	vector?: unknown;
	sparseVector?: unknown;
}

/** `label value` lines of a record for a detail: id, score, content or data, metadata, vectors. */
export function recordPairs(record: RecordLike): [string, string][] {
	const pairs: [string, string][] = [['id', sanitize(record.id)]];
	if (record.score !== undefined) pairs.push(['score', scoreText(record.score)]);
	if (record.content !== undefined) pairs.push(['content', jsonText(record.content)]);
	if (record.data !== undefined) pairs.push(['data', jsonText(record.data)]);
	if (record.metadata !== undefined) pairs.push(['metadata', jsonText(record.metadata)]);
	if (record.vector !== undefined || record.sparseVector !== undefined)
		pairs.push(['vector', vectorText(record.vector, record.sparseVector)]);
	return pairs;
}

/** What a list row shows beside the id: the content, else the data, else the metadata. */
export function recordGist(record: RecordLike): string {
	if (record.content !== undefined) return jsonText(record.content);
	if (record.data !== undefined) return jsonText(record.data);
	if (record.metadata !== undefined) return jsonText(record.metadata);
	if (record.vector !== undefined || record.sparseVector !== undefined)
		return vectorText(record.vector, record.sparseVector);
	return missing;
}
