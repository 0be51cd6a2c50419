import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import cellWidth, { isOneCell, oneCellRanges, oneCellWidth } from '../../../source/ui/ink/cell-width.js';

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const oneCellCodes = oneCellRanges.flatMap(([from, to]) =>
	Array.from({ length: to - from + 1 }, (_, i) => from + i),
);

describe('cellWidth', () => {
	it('holds only characters string-width counts as one cell, which join nothing beside them', () => {
		expect(oneCellCodes.length).toBeGreaterThan(1500);
		const wrong = oneCellCodes.filter((code) => {
			const char = String.fromCodePoint(code);
			const between = `a${char}b`;
			return (
				!isOneCell(code) ||
				stringWidth(char) !== 1 ||
				stringWidth(between) !== 3 ||
				[...graphemes.segment(between)].length !== 3
			);
		});
		expect(wrong.map((code) => code.toString(16))).toEqual([]);
	});

	it('leaves out what is not one cell: the soft hyphen, emoji, wide brackets, marks, wide text', () => {
		for (const code of [
			0xad, 0x231a, 0x2329, 0x23f0, 0x25fd, 0x0301, 0x200d, 0xfe0f, 0x4e00, 0x1f600, 0x1b, 0x7f,
		])
			expect(isOneCell(code), code.toString(16)).toBe(false);
	});

	it('counts every line as string-width does', () => {
		const lines = [
			'',
			'plain ASCII text',
			'delivered         ▁▁▁▁▂█ min 0/s  max 13.8/s',
			'⠀⣀⣤⣶⣿ braille │ box ─┼─ ● ✓ ✗ ← ↑ → ↓ … • —',
			'café déjà vu ß',
			'wide 漢字 and 😀 emoji',
			'e\u0301 combining',
			'⌚ watch ⏳',
			'soft\u00adhyphen',
			'\u001b[31mred\u001b[39m',
			'✔\ufe0f heavy check with VS16',
		];
		for (const line of lines) expect(cellWidth(line), line).toBe(stringWidth(line));
		expect(cellWidth('漢字', { ambiguousIsNarrow: false })).toBe(
			stringWidth('漢字', { ambiguousIsNarrow: false }),
		);
		expect(cellWidth('·', { ambiguousIsNarrow: false })).toBe(stringWidth('·', { ambiguousIsNarrow: false }));
	});

	it('answers styled lines of one-cell characters itself, as string-width counts them', () => {
		const styled = [
			'\u001b[7m\u001b[1m 1 Overview \u001b[22m\u001b[27m  2 Accounts',
			'\u001b[1m\u001b[36m↑↓\u001b[39m\u001b[22m \u001b[2mscroll\u001b[22m │ ▁▂█',
			'\u001b[38;2;255;0;0mtrue colour\u001b[m',
			'\u001b[38;5;;1mempty parameter\u001b[0m',
		];
		for (const line of styled) {
			expect(oneCellWidth(line), line).toBe(stringWidth(line));
			expect(cellWidth(line), line).toBe(stringWidth(line));
		}
	});

	it('leaves other escapes and over-long parameters to string-width', () => {
		for (const line of [
			'\u001b[12345mx',
			'\u001b]8;;https://example.com\u0007link',
			'\u001b[2Kcleared',
			'a\u001b[31m漢',
		]) {
			expect(oneCellWidth(line), line).toBeUndefined();
			expect(cellWidth(line), line).toBe(stringWidth(line));
		}
	});
});
