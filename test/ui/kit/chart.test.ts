/** The multi-row chart as text, and how the Overview shares its height between charts and series. */
import { describe, expect, it } from 'vitest';
import {
	chartLines,
	niceCeiling,
	readableTop,
	roughSpan,
	timeAxis,
} from '../../../source/ui/kit/chart/lines.js';
import { overviewLayout } from '../../../source/ui/panes/overview/layout.js';
import { bytesPerSecond, perSecond } from '../../../source/ui/panes/overview/live.js';

describe('a multi-row chart', () => {
	it('rounds the top of its axis up to a round number', () => {
		expect([0, 0.3, 1, 1.2, 7, 14, 20.5, 2400].map(niceCeiling)).toEqual([1, 0.5, 1, 2, 10, 20, 25, 2500]);
	});

	it('raises the top of its axis until its labels read apart', () => {
		expect(readableTop(0.8, bytesPerSecond, true)).toBe(2);
		expect(readableTop(0.8, bytesPerSecond, false)).toBe(1);
		expect(readableTop(0.8, perSecond, true)).toBe(1);
		expect(readableTop(700, bytesPerSecond, true)).toBe(1000);
	});

	it('draws bars in eighths against a labelled axis with units, top row first', () => {
		const lines = chartLines(
			{ values: [null, 0, 5, 10, 20], estimates: [false, false, false, true, true] },
			{ height: 4, labelWidth: 5, stepMs: 2000, format: perSecond },
		);
		expect(lines.rows.map((r) => r.axis)).toEqual([' 20/s┤', '     │', '     │', '  0/s┼']);
		expect(lines.rows.map((r) => r.runs.map((run) => run.text).join(''))).toEqual([
			'    █',
			'    █',
			'   ██',
			'  ███',
		]);
		// The estimated columns are a run of their own, for the view to tone.
		expect(lines.rows[3]?.runs).toEqual([
			{ text: '  █', estimate: false },
			{ text: '██', estimate: true },
		]);
		expect(lines.time).toEqual([{ text: '     └  now', note: false }]);
	});

	it('marks a gap after the first value on its floor, and labels the middle of a tall axis', () => {
		const lines = chartLines(
			{ values: [null, 4, null, 4], estimates: [false, false, false, false] },
			{ height: 5, labelWidth: 4, stepMs: 1000, format: perSecond },
		);
		expect(
			lines.rows
				.at(-1)
				?.runs.map((r) => r.text)
				.join(''),
		).toBe(' █·█');
		expect(lines.rows[2]?.axis).toBe('2.5/s┤'.slice(-5));
	});

	it('says why columns are estimates over the dashes of its time axis, else leaves the note over', () => {
		const data = {
			values: Array.from({ length: 40 }, () => 1),
			estimates: Array.from({ length: 40 }, () => true),
		};
		const options = { height: 3, labelWidth: 4, stepMs: 2000, format: perSecond };
		const lines = chartLines(data, { ...options, note: 'spread over missed polls' });
		expect(lines.time.map((p) => p.text).join('')).toBe(
			`    └-1m20s─ ~ spread over missed polls ${'─'.repeat(2)}now`,
		);
		expect(lines.time[1]).toEqual({ text: ' ~ spread over missed polls ', note: true });
		expect(lines.note).toBeUndefined();
		const narrow = chartLines({ values: [1, 1], estimates: [true, true] }, { ...options, note: 'spread' });
		expect(narrow.note).toBe('spread');
	});

	it('spans its time axis from the oldest column to now', () => {
		expect(timeAxis(20, 2000)).toBe('-40s─────────────now');
		expect(timeAxis(6, 2000)).toBe('   now');
		expect(roughSpan(116_000)).toBe('1m56s');
		expect(roughSpan(200_000)).toBe('3m');
	});
});

describe('the Overview layout', () => {
	it('gives the live charts the height a tall terminal has, leaving room for the series and the month', () => {
		const tall = overviewLayout(200, 45, 6, 6);
		expect(tall).toMatchObject({ chartColumns: 3, chartRows: 2, bars: 3 });
		expect(tall.chartHeight).toBeGreaterThanOrEqual(10);
		expect(4 + tall.live + tall.grid + tall.month).toBe(45);
		expect(tall.grid).toBeGreaterThanOrEqual(5);
	});

	it('draws one line a rate where charts would not fit', () => {
		const short = overviewLayout(80, 19, 6, 12);
		expect(short).toMatchObject({ chartColumns: 1, chartHeight: 1, chartRows: 6, live: 7, bars: 0 });
		expect(4 + short.live + short.grid).toBe(19);
	});
});
