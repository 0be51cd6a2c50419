/** A record of an index in full, as the data view draws it and its controller scrolls it: pure. */
import { recordPairs } from '../../../format/index-record.js';
import { rawValue } from '../../../format/missing.js';
import { sanitize } from '../../../text/sanitize.js';
import { type DetailLine, pair } from '../detail-view/lines.js';
import type { DataRecord } from './index-data-state.js';

const known = new Set(['id', 'score', 'metadata', 'data', 'content', 'vector', 'sparseVector']);

/** A record in full, wrapped to the width: its fields, then those mqtop does not know. */
export function recordLines(record: DataRecord, width: number): DetailLine[] {
	const labelWidth = 11;
	const extras = Object.entries(record)
		.filter(([name]) => !known.has(name))
		.map(([name, value]): [string, string] => [sanitize(name), rawValue(value)]);
	return [...recordPairs(record), ...extras].flatMap(([label, value]) =>
		pair(label, value, width, labelWidth),
	);
}
