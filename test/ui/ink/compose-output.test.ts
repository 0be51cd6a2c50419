/**
 * composeOutput against Ink's own Output.get, on Ink's real Output class: every frame it composes
 * must look exactly like Ink's (same characters, same styles in the same cells), and every frame
 * it is not sure of must be left to Ink.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
	composeOutput,
	measureLine,
	type Operation,
	type Transformer,
} from '../../../source/ui/ink/compose-output.js';
import {
	inkOutputKnown,
	inkWrittenFor,
	installFrameComposer,
	stockOutputGet,
} from '../../../source/ui/ink/fast-output.js';
import InkOutput, { inkVersion } from '../../../source/ui/ink/ink-output.js';

interface OutputLike {
	width: number;
	height: number;
	operations: Operation[];
	write(x: number, y: number, text: string, options: { transformers: Transformer[] }): void;
	clip(clip: { x1?: number; x2?: number; y1?: number; y2?: number }): void;
	unclip(): void;
}

const Output = InkOutput as unknown as new (options: { width: number; height: number }) => OutputLike;

const stock = (output: OutputLike) => stockOutputGet.call(output).output;

/** A row as Ink itself would write it: the canonical form two renderings are compared in. */
function canonical(row: string): string {
	const output = new Output({ width: 1, height: 1 });
	output.write(0, 0, row, { transformers: [] });
	return stock(output);
}

/** Composes with both, and expects the same screen from each (or that composeOutput declines). */
function compare(output: OutputLike): 'composed' | 'declined' {
	const expected = stock(output);
	const composed = composeOutput(output.width, output.height, output.operations);
	if (!composed) return 'declined';
	expect(composed.height).toBe(output.height);
	expect(composed.output.split('\n').map(canonical)).toEqual(expected.split('\n'));
	return 'composed';
}

function frame(width: number, height: number, draw: (output: OutputLike) => void): OutputLike {
	const output = new Output({ width, height });
	draw(output);
	return output;
}

const none = { transformers: [] };
const bold = (s: string) => `\u001b[1m${s}\u001b[22m`;
const cyan = (s: string) => `\u001b[36m${s}\u001b[39m`;
const onBlue = (s: string) => `\u001b[44m${s}\u001b[49m`;

describe('composeOutput', () => {
	it('composes plain, styled and nested-style text at their columns, rows trimmed as Ink trims', () => {
		const output = frame(40, 4, (o) => {
			o.write(0, 0, 'Overview  Accounts', none);
			o.write(2, 1, `${bold(cyan('requests'))} ▁▂▃▄▅▆▇█ ${onBlue(' 12 ')}`, none);
			o.write(30, 1, 'max 9', none);
			o.write(0, 2, 'first\nsecond   ', none);
		});
		expect(compare(output)).toBe('composed');
	});

	it('counts wide, combining and emoji graphemes as Ink does', () => {
		const output = frame(40, 5, (o) => {
			o.write(0, 0, '漢字 ok', none);
			o.write(10, 0, 'x', none);
			o.write(0, 1, 'cafe\u0301 ✓ ✗', none);
			o.write(12, 1, '|', none);
			o.write(0, 2, '👍🏽 🇩🇪 ❤️', none);
			o.write(14, 2, '|', none);
			o.write(0, 3, cyan('日本'), none);
			o.write(5, 3, '|', none);
		});
		expect(compare(output)).toBe('composed');
		expect(measureLine('漢字')?.width).toBe(4);
		expect(measureLine(cyan('ab'))).toEqual({ width: 2, open: false });
	});

	it('counts the emoji and wide brackets among arrows and shapes as two cells, braille as one', () => {
		const output = frame(40, 3, (o) => {
			o.write(0, 0, 'due \u231a \u23f3 \u2329x\u232a \u25fd', none);
			o.write(20, 0, '|', none);
			o.write(0, 1, '⣀⣤⣶⣿ ▁▂', none);
			o.write(8, 1, '|', none);
		});
		expect(compare(output)).toBe('composed');
		expect(measureLine('\u231a\u23f3\u2329\u232a\u25fd')?.width).toBe(10);
		expect(measureLine('due \u231a')?.width).toBe(6);
		expect(measureLine('⣀⣤⣶⣿')?.width).toBe(4);
	});

	it('applies transformers per line, with the line index', () => {
		const output = frame(20, 3, (o) => {
			o.write(1, 0, 'a\nb\nc', { transformers: [(line, index) => `${index}:${cyan(line)}`] });
		});
		expect(compare(output)).toBe('composed');
	});

	it('clips vertically as Ink does, and keeps lines inside a horizontal clip whole', () => {
		const output = frame(30, 6, (o) => {
			o.clip({ y1: 1, y2: 3 });
			o.write(0, 0, 'zero\none\ntwo\nthree', none);
			o.write(0, 5, 'outside', none);
			o.unclip();
			o.clip({ x1: 0, x2: 20 });
			o.write(2, 4, 'inside', none);
			o.write(25, 5, 'right of it', none);
			o.unclip();
		});
		expect(compare(output)).toBe('composed');
	});

	it('drops the lines of a write that start above the screen, and those below it', () => {
		const output = frame(10, 2, (o) => {
			o.write(0, -1, 'above\nshown?', none);
			o.write(0, 1, 'last\nbelow', none);
		});
		expect(compare(output)).toBe('composed');
	});

	it('closes a style a line leaves open, as Ink closes it at the end of the write', () => {
		const output = frame(20, 1, (o) => {
			o.write(0, 0, '\u001b[31mred to the end', none);
			o.write(16, 0, 'ok', none);
		});
		expect(compare(output)).toBe('composed');
	});

	it('leaves to Ink what it cannot join exactly', () => {
		const overlapping = frame(20, 1, (o) => {
			o.write(0, 0, 'background', none);
			o.write(4, 0, 'over', none);
		});
		const cut = frame(20, 1, (o) => {
			o.clip({ x1: 0, x2: 5 });
			o.write(2, 0, 'longer than the clip', none);
		});
		const link = frame(20, 1, (o) => o.write(0, 0, '\u001b]8;;http://x\u0007x\u001b]8;;\u0007', none));
		const control = frame(20, 1, (o) => o.write(0, 0, 'a\u0007b', none));
		for (const output of [overlapping, cut, link, control]) expect(compare(output)).toBe('declined');
	});

	it('composes the same screen as Ink for any text side by side, also past the right edge', () => {
		const piece = fc.oneof(
			fc.constantFrom(
				'a',
				'Z',
				' ',
				'0',
				'·',
				'▇',
				'─',
				'│',
				'✓',
				'漢',
				'é',
				'e\u0301',
				'👍',
				'❤️',
				'🇫🇷',
				'ß',
			),
			fc.string({ unit: fc.constantFrom('x', 'y', ' ', '-'), maxLength: 6 }),
		);
		// Styles closed by a reset, by their own closing codes, or left open to the end of the line.
		const styled = fc
			.tuple(
				fc.array(piece, { maxLength: 5 }),
				fc.constantFrom('', '1', '36', '44', '1;31', '38;5;202', '48;2;1;2;3'),
				fc.constantFrom('\u001b[0m', '\u001b[22;39;49m', ''),
			)
			.map(([pieces, code, close]) =>
				code === '' ? pieces.join('') : `\u001b[${code}m${pieces.join('')}${close}`,
			);
		const text = fc.array(
			fc.array(styled, { minLength: 1, maxLength: 3 }).map((parts) => parts.join('')),
			{
				minLength: 1,
				maxLength: 3,
			},
		);
		fc.assert(
			fc.property(fc.array(fc.tuple(fc.nat(4), text), { maxLength: 6 }), fc.boolean(), (writes, clipped) => {
				const output = frame(60, 6, (o) => {
					if (clipped) o.clip({ y1: 1, y2: 4 });
					// One write per block of rows, side by side: they may touch but not overlap.
					let x = 0;
					for (const [gap, lines] of writes) {
						o.write(x + gap, gap % 3, lines.join('\n'), none);
						const widest = Math.max(...lines.map((line) => measureLine(line)?.width ?? 0));
						x += gap + widest;
					}
					if (clipped) o.unclip();
				});
				expect(compare(output)).toBe('composed');
			}),
			{ numRuns: 400 },
		);
	});

	it('declines an operation it does not know, such as one a later Ink may add', () => {
		const output = frame(20, 1, (o) => o.write(0, 0, 'text', none));
		const unknown = { type: 'paint', x: 0, y: 0 } as unknown as Operation;
		expect(composeOutput(20, 1, [...output.operations, unknown])).toBeUndefined();
		expect(composeOutput(20, 1, output.operations)?.output).toBe('text');
	});

	it('is written for the Ink installed: another version fails here until its private Output is checked', () => {
		// fast-output.ts reaches into Ink's unexported build/output.js; an upgrade must look at it again.
		expect(
			inkVersion,
			`Ink ${inkVersion} is installed; the frame composer was written for ${inkWrittenFor}`,
		).toBe(inkWrittenFor);
		expect(inkOutputKnown()).toBe(true);
	});

	it("composes the frames of Ink's Output once installed, and leaves the rest to Ink", () => {
		const prototype = InkOutput.prototype as unknown as { get: unknown };
		// Nothing installs it on import: startTui does.
		expect(prototype.get).toBe(stockOutputGet);
		const counts = installFrameComposer()!;
		expect(prototype.get).not.toBe(stockOutputGet);
		expect(installFrameComposer()).toBe(counts);
		const joined = frame(20, 1, (o) => o.write(0, 0, cyan('joined'), none));
		expect((joined as unknown as { get(): { output: string } }).get().output).toBe(cyan('joined'));
		const overlapping = frame(20, 1, (o) => {
			o.write(0, 0, 'background', none);
			o.write(4, 0, 'over', none);
		});
		expect((overlapping as unknown as { get(): { output: string } }).get().output).toBe(stock(overlapping));
		expect(counts).toEqual({ composed: 1, declined: 1 });
		// An operation Ink's own knows and ours does not goes to Ink's, whole.
		const later = frame(20, 1, (o) => o.write(0, 0, 'later', none));
		later.operations.push({ type: 'paint' } as unknown as Operation);
		expect(() => (later as unknown as { get(): { output: string } }).get()).not.toThrow();
		expect(counts).toEqual({ composed: 1, declined: 2 });
	});
});
