import { describe, expect, it } from 'vitest';
import { formatBytes } from '../../../source/format/bytes.js';
import { formatCount } from '../../../source/format/number.js';
import { keepUnchangedRows, type SeriesRow } from '../../../source/ui/kit/series-grid/series-row.js';

const row = (id: string, values: (number | null)[], label = id, format = formatCount): SeriesRow => ({
	id,
	label,
	values,
	format,
});

describe('keepUnchangedRows', () => {
	const previous = [row('requests', [1, 2, 3]), row('bandwidth', [10, null, 30], 'bandwidth', formatBytes)];

	it('keeps the rows that read the same, and takes the ones that moved', () => {
		const next = [row('requests', [1, 2, 4]), row('bandwidth', [10, null, 30], 'bandwidth', formatBytes)];
		const rows = keepUnchangedRows(previous, next);
		expect(rows[0]).toBe(next[0]);
		expect(rows[1]).toBe(previous[1]);
	});

	it('gives the same list back when no row changed', () => {
		const next = previous.map((r) => ({ ...r, values: [...r.values] }));
		expect(keepUnchangedRows(previous, next)).toBe(previous);
	});

	it('takes a row anew when its label, format, length or a gap differs', () => {
		const next = [
			row('requests', [1, 2, 3], 'messages'),
			row('bandwidth', [10, 0, 30], 'bandwidth', formatBytes),
		];
		const rows = keepUnchangedRows(previous, next);
		expect(rows[0]).toBe(next[0]);
		expect(rows[1]).toBe(next[1]);
		expect(keepUnchangedRows(previous, [row('requests', [1, 2, 3], 'requests', formatBytes)])[0]).not.toBe(
			previous[0],
		);
		expect(keepUnchangedRows(previous, [row('requests', [1, 2, 3, 4])])[0]).not.toBe(previous[0]);
	});

	it('follows rows by id as they come and go', () => {
		const next = [row('bandwidth', [10, null, 30], 'bandwidth', formatBytes), row('queue a', [5])];
		const rows = keepUnchangedRows(previous, next);
		expect(rows).toEqual(next);
		expect(rows[0]).toBe(previous[1]);
		expect(rows).not.toBe(previous);
	});
});
