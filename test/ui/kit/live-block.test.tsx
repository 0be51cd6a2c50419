import chalk from 'chalk';
import { render } from 'ink-testing-library';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import instances from '../../../source/ui/ink/ink-instances.js';
import { Chart } from '../../../source/ui/kit/chart/chart-view.js';
import { type BlockLine, LiveBlock, SpanLines } from '../../../source/ui/kit/live-block/live-block-view.js';
import { MonthBars } from '../../../source/ui/kit/month-bars/month-bars-view.js';
import { SeriesGrid } from '../../../source/ui/kit/series-grid/series-grid-view.js';
import { perSecond } from '../../../source/ui/panes/overview/live.js';

const strip = (text: string | undefined) => (text ?? '').replace(/\x1b\[[0-9;]*m/g, '');

interface InkNode {
	nodeName: string;
	childNodes?: InkNode[];
}

/** The nodes Ink lays out and walks on every frame (boxes and texts) under the root of what `stdout` shows. */
function layoutNodes(stdout: object): number {
	const root = (instances.get(stdout) as { rootNode: InkNode }).rootNode;
	const count = (node: InkNode): number =>
		(node.nodeName === 'ink-box' || node.nodeName === 'ink-text' ? 1 : 0) +
		(node.childNodes ?? []).reduce((sum, child) => sum + count(child), 0);
	return count(root);
}

const lines: BlockLine[] = [
	[
		{ text: 'delivered', bold: true, color: 'green' },
		{ text: '  12/s' },
		{ text: '  ~ note', color: 'yellow' },
	],
	[
		{ text: '  5/s┤', dim: true },
		{ text: '▂▄█', color: 'green' },
		{ text: '▁▁', color: 'gray', dim: true },
	],
	[
		{ text: 'Mo ', inverse: true },
		{ text: 'Tu ', dim: true },
		{ text: 'We', color: 'cyan', bold: true, inverse: true },
	],
];

describe('LiveBlock', () => {
	// Styles on, as on a terminal: the block must style its spans exactly as Ink's Text does.
	let level: typeof chalk.level;
	beforeEach(() => {
		level = chalk.level;
		chalk.level = 3;
	});
	afterEach(() => {
		chalk.level = level;
	});

	it('draws its lines as Ink draws the same spans as nested Texts, styles included', () => {
		const block = render(<LiveBlock lines={lines} width={40} />);
		// Ink's own nested Texts, the spans styled by Ink.
		const texts = render(<SpanLines lines={lines} width={40} />);
		const drawn = block.lastFrame();
		const expected = texts.lastFrame();
		block.unmount();
		texts.unmount();
		expect(drawn).toContain('\u001b[');
		expect(drawn).toBe(expected);
	});

	it('cuts each line at its width with …, and draws text of other widths as plain Text', () => {
		const narrow = render(<LiveBlock lines={lines} width={12} />);
		const cut = strip(narrow.lastFrame()).split('\n');
		narrow.unmount();
		expect(cut).toEqual(['delivered  …', '  5/s┤▂▄█▁▁', 'Mo Tu We']);

		const wide = render(
			<LiveBlock lines={[[{ text: '日本 wide', color: 'cyan' }], [{ text: 'next' }]]} width={20} />,
		);
		const frame = strip(wide.lastFrame());
		wide.unmount();
		expect(frame.split('\n')).toEqual(['日本 wide', 'next']);
	});

	it('draws a chart, the series grid and the month as a layout node or two, whatever their rows and runs', () => {
		const values = Array.from({ length: 60 }, (_, i) => (i % 7) + 1);
		// Estimates every other column: a run of its own for each column, on every row.
		const estimates = values.map((_, i) => i % 2 === 0);
		const chart = render(
			<Chart
				title="delivered"
				data={{ values, estimates }}
				height={12}
				width={70}
				stepMs={2000}
				format={perSecond}
				tone="ok"
			/>,
		);
		expect(strip(chart.lastFrame()).split('\n')).toHaveLength(12);
		expect(layoutNodes(chart.stdout)).toBeLessThanOrEqual(2);
		chart.unmount();

		const rows = Array.from({ length: 8 }, (_, i) => ({
			id: `s${i}`,
			label: `series ${i}`,
			values: values.map((v) => v * i),
			format: String,
		}));
		const grid = render(<SeriesGrid rows={rows} width={200} height={5} title="Period series" offset={0} />);
		expect(strip(grid.lastFrame()).split('\n')).toHaveLength(5);
		// The column box, the title and one block for the rows.
		expect(layoutNodes(grid.stdout)).toBeLessThanOrEqual(4);
		grid.unmount();

		const days = Array.from({ length: 31 }, (_, i) => ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'][i % 7]!);
		const month = render(
			<MonthBars values={days.map((_, i) => i)} days={days} today={15} selected={10} width={93} height={4} />,
		);
		expect(strip(month.lastFrame()).split('\n')).toHaveLength(5);
		expect(layoutNodes(month.stdout)).toBeLessThanOrEqual(2);
		month.unmount();
	});
});

describe('SeriesGrid', () => {
	it('makes again only the rows an answer changed', () => {
		const formatted = new Map<string, number>();
		const rowsOf = (last: number) =>
			['a', 'b', 'c'].map((id) => ({
				id,
				label: `series ${id}`,
				// A new array each time, as each answer gives: equal values keep the row.
				values: [1, 2, id === 'b' ? last : 3],
				format: (value: number) => {
					formatted.set(id, (formatted.get(id) ?? 0) + 1);
					return String(value);
				},
			}));
		// One format a row, as the rows of an answer share their format functions.
		const formats = new Map(rowsOf(0).map((row) => [row.id, row.format]));
		const rows = (last: number) => rowsOf(last).map((row) => ({ ...row, format: formats.get(row.id)! }));
		const grid = (last: number) => (
			<SeriesGrid rows={rows(last)} width={80} height={4} title="Period series" offset={0} />
		);
		const { lastFrame, rerender, unmount } = render(grid(3));
		const before = new Map(formatted);
		rerender(grid(9));
		const frame = strip(lastFrame());
		unmount();
		expect(frame).toContain('max 9  last 9');
		expect(formatted.get('a')).toBe(before.get('a'));
		expect(formatted.get('c')).toBe(before.get('c'));
		expect(formatted.get('b')).toBeGreaterThan(before.get('b')!);
	});
});
