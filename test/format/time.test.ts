import { describe, expect, it } from 'vitest';
import { formatTime } from '../../source/cli/format.js';
import { formatClock, formatClockMillis, formatSpan, formatUnixSeconds } from '../../source/format/time.js';
import { stepRows } from '../../source/format/workflow-run.js';
import { whenText } from '../../source/ui/kit/delivery/record.js';

describe('time formats', () => {
	it('formats a local clock time', () => {
		const d = new Date(2026, 0, 31, 9, 5, 7);
		expect(formatClock(d.getTime())).toBe('09:05:07');
	});

	it('rounds spans up to whole seconds', () => {
		expect(formatSpan(0)).toBe('0s');
		expect(formatSpan(1)).toBe('1s');
		expect(formatSpan(7_400)).toBe('8s');
		expect(formatSpan(90_000)).toBe('1m30s');
		expect(formatSpan(-5)).toBe('0s');
	});

	it('shows a span too large or not a number as it came, rather than throwing', () => {
		expect(formatSpan(5.776939810331317e280)).toBe('5.776939810331317e+280 ms');
		expect(formatSpan(Number.NaN)).toBe('NaN ms');
		expect(formatSpan(Number.POSITIVE_INFINITY)).toBe('Infinity ms');
	});

	it('formats unix seconds in UTC, and 0 as never', () => {
		expect(formatUnixSeconds(Date.UTC(2026, 0, 31, 12, 30) / 1000)).toBe('2026-01-31 12:30 UTC');
		expect(formatUnixSeconds(0)).toBe('never');
	});

	it('shows a time no date can hold as the number that came, and never throws on one', () => {
		// A number from the network beyond the ±8.64e15 ms a date holds: formatting a date of it throws.
		const beyond = 8_640_000_000_000_001;
		expect(formatClock(beyond)).toBe(String(beyond));
		expect(formatClockMillis(beyond)).toBe(String(beyond));
		expect(formatTime(beyond)).toBe(String(beyond));
		expect(whenText(beyond, Date.now())).toBe(String(beyond));
		expect(formatUnixSeconds(beyond)).toBe('never');
		const run = {
			workflowRunId: 'wfr_1',
			steps: [{ type: 'next', steps: [{ stepName: 'nap', stepType: 'SleepUntil', sleepUntil: beyond }] }],
		};
		expect(stepRows(run).flatMap((row) => row.input)).toEqual([`sleep until ${beyond}`]);
	});
});
