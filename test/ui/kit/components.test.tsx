import { Box, Text } from 'ink';
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { Chart } from '../../../source/ui/kit/chart/chart-view.js';
import { isSingleCell, LiveText } from '../../../source/ui/kit/live-text/live-text-view.js';
import { MonthBars, styleRuns } from '../../../source/ui/kit/month-bars/month-bars-view.js';
import { Sparkline, sparkStats, statsWidthOf } from '../../../source/ui/kit/sparkline/sparkline-view.js';
import { type Column, Table, tableLayout } from '../../../source/ui/kit/table/table-view.js';
import { textInputReducer } from '../../../source/ui/kit/text-input/text-input-state.js';
import { bytesPerSecond } from '../../../source/ui/panes/overview/live.js';

const strip = (text: string | undefined) => (text ?? '').replace(/\x1b\[[0-9;]*m/g, '');

describe('Sparkline', () => {
	it('fills exactly its width: label, resampled series, min/max/last', () => {
		const values = [1, 2, null, 4, 8, null];
		const { lastFrame, unmount } = render(
			<Box width={60}>
				<Sparkline label="requests" values={values} width={60} labelWidth={10} statsWidth={22} />
			</Box>,
		);
		const line = strip(lastFrame());
		unmount();
		// Ink trims the padding at the end of a line.
		expect(line.length).toBeLessThanOrEqual(60);
		expect(line.startsWith('requests   ')).toBe(true);
		const spark = /[▁▂▃▄▅▆▇█·]+/.exec(line)![0];
		expect(spark).toHaveLength(60 - 10 - 22 - 2);
		// Six points over 26 cells: each repeated, missing ones marked.
		expect(spark).toContain('·');
		expect(spark.endsWith('·')).toBe(true);
		expect(line).toContain('min 1  max 8  last 8');
	});

	it('says when a series has no data, and falls back to the last value when narrow', () => {
		expect(sparkStats([null, null])).toBe('no data');
		expect(sparkStats([1, 200_000], undefined, 12)).toBe('last 200k');
		expect(statsWidthOf([{ values: [1, 2] }, { values: [3, 1_000_000] }])).toBe(
			'min 1  max 1M  last 1M'.length,
		);
	});
});

describe('Chart', () => {
	it.each([80, 200])('labels its axis with values that read apart, %i columns wide', (width) => {
		// Under a byte a second: each label is rounded to whole bytes.
		const values = [0.2, 0.5, 0.8, null, 0.6];
		const { lastFrame, unmount } = render(
			<Box width={width}>
				<Chart
					title="bandwidth"
					data={{ values, estimates: values.map(() => false) }}
					height={9}
					width={width}
					stepMs={2000}
					format={bytesPerSecond}
					tone="info"
				/>
			</Box>,
		);
		const labels = strip(lastFrame())
			.split('\n')
			.flatMap((line) => /^ *(\d+ B\/s)[┤┼]/.exec(line)?.[1] ?? []);
		unmount();
		expect(labels).toEqual(['2 B/s', '1 B/s', '0 B/s']);
	});

	it('is drawn again when its data changes, and not for the same data computed anew', () => {
		let formatted = 0;
		const format = (value: number) => {
			formatted++;
			return `${value}/s`;
		};
		const chart = (values: (number | null)[], estimates = values.map(() => false)) => (
			<Chart
				title="delivered"
				data={{ values, estimates }}
				height={6}
				width={60}
				stepMs={2000}
				format={format}
				tone="ok"
			/>
		);
		const { lastFrame, rerender, unmount } = render(chart([1, 2, 3]));
		const drawn = formatted;
		expect(strip(lastFrame())).toContain('3/s  min 1/s  max 3/s');

		rerender(chart([1, 2, 3]));
		expect(formatted).toBe(drawn);

		rerender(chart([1, 2, 4]));
		expect(formatted).toBeGreaterThan(drawn);
		expect(strip(lastFrame())).toContain('4/s  min 1/s  max 4/s');

		const before = formatted;
		rerender(chart([1, 2, 4], [false, false, true]));
		expect(formatted).toBeGreaterThan(before);
		expect(strip(lastFrame())).toContain('~4/s');
		unmount();
	});
});

interface Row {
	id: string;
	size: number;
}

const columns: Column<Row>[] = [
	{ header: 'id', cell: (r) => r.id, minWidth: 4 },
	{ header: 'size', cell: (r) => String(r.size), align: 'right' },
];

describe('Table', () => {
	const rows = Array.from({ length: 30 }, (_, i) => ({ id: `row-${i}-${'x'.repeat(i % 5)}`, size: i * 100 }));

	it('sizes columns to their content and keeps the selected row in view', () => {
		const layout = tableLayout({ columns, rows, width: 40, height: 6, selected: 20 });
		expect(layout.widths).toEqual([11, 4]);
		expect(layout.start).toBeLessThanOrEqual(20);
		expect(layout.end).toBeGreaterThan(20);
		expect(layout.end - layout.start).toBe(5);
	});

	it('renders the header, the visible rows with the selection, and how many there are', () => {
		const { lastFrame, unmount } = render(
			<Table
				columns={columns}
				rows={rows}
				width={40}
				height={6}
				selected={20}
				mark={(r) => (r.size === 0 ? '●' : ' ')}
			/>,
		);
		const frame = strip(lastFrame());
		unmount();
		const lines = frame.split('\n');
		expect(lines).toHaveLength(6);
		expect(lines[0]).toContain('id');
		expect(lines[0]).toContain('19-23 of 30');
		expect(frame).toContain('row-20');
		expect(frame).not.toContain('row-0-');
		expect(lines[3]).toMatch(/row-20-\s+2000$/);
	});

	it('truncates a column that does not fit rather than overflowing', () => {
		const layout = tableLayout({ columns, rows: [{ id: 'a'.repeat(50), size: 1 }], width: 20, height: 3 });
		expect(layout.widths[0]! + 2 + layout.widths[1]!).toBeLessThanOrEqual(20);
	});
});

describe('text input state', () => {
	it('inserts at the cursor, erases backwards, moves, and drops control characters', () => {
		let state = { value: 'ab', cursor: 2 };
		state = textInputReducer(state, { type: 'move', to: 'left' });
		state = textInputReducer(state, { type: 'insert', text: 'X\x1b[2J' });
		expect(state).toEqual({ value: 'aX[2Jb', cursor: 5 });
		state = textInputReducer(state, { type: 'backspace' });
		state = textInputReducer(state, { type: 'move', to: 'home' });
		expect(textInputReducer(state, { type: 'backspace' })).toBe(state);
		expect(textInputReducer(state, { type: 'move', to: 'end' }).cursor).toBe(5);
	});
});

describe('MonthBars', () => {
	it('groups days of one style into runs', () => {
		const runs = styleRuns(['a', 'b', 'c', 'd', 'e'], (d) =>
			d === 2 ? 'selected' : d > 3 ? 'future' : 'past',
		);
		expect(runs.map((r) => [r.start, r.style, r.text])).toEqual([
			[0, 'past', 'ab'],
			[2, 'selected', 'c'],
			[3, 'past', 'd'],
			[4, 'future', 'e'],
		]);
	});

	it('draws one bar per day over the weekday initials', () => {
		const days = ['Monday', 'Tuesday', 'Wednesday'];
		const { lastFrame, unmount } = render(
			<MonthBars values={[0, 4, 8]} days={days} today={1} selected={1} width={9} height={1} />,
		);
		const lines = strip(lastFrame()).split('\n');
		unmount();
		expect(lines[0]).toBe('   ▄▄ ██');
		expect(lines[1]).toBe('Mo Tu We');
	});
});

describe('LiveText', () => {
	it('draws single-cell text through a placeholder, and anything else as plain text', () => {
		const { lastFrame, unmount } = render(
			<Box flexDirection="column">
				<Box>
					<Text>a </Text>
					<LiveText text="▁▂█· 12 $0.5" />
					<Text> z</Text>
				</Box>
				<LiveText text="日本 wide" />
			</Box>,
		);
		const [first, second] = strip(lastFrame()).split('\n');
		unmount();
		expect(first).toBe('a ▁▂█· 12 $0.5 z');
		expect(second).toBe('日本 wide');
		expect(isSingleCell('▁▂█· │ ●')).toBe(true);
		expect(isSingleCell('日本')).toBe(false);
	});
});
