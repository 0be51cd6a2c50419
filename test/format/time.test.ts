import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
	formatClock,
	formatClockMillis,
	formatIsoMillis,
	formatSpan,
	formatTime,
	formatUnixSeconds,
} from '../../source/format/time.js';
import { stepRows } from '../../source/format/workflow-run.js';
import { whenText } from '../../source/ui/kit/delivery/record.js';

describe('time formats', () => {
	it('formats ISO and clock times with milliseconds as a Date does, whatever came before', () => {
		// Times close together, as a receiver formats them, and anywhere a date can hold: each
		// formatter keeps the last second's text, so the order of calls matters.
		const near = fc.integer({ min: 1_767_225_600_000, max: 1_767_225_603_000 });
		const any = fc.integer({ min: -8.64e15, max: 8.64e15 });
		const edge = fc.integer({ min: 8.64e15 - 2000, max: 8.64e15 + 2000 }).map((ms) => (ms % 2 ? ms : -ms));
		fc.assert(
			fc.property(fc.array(fc.oneof(near, any, edge), { minLength: 1, maxLength: 40 }), (times) => {
				for (const ms of times) {
					const d = new Date(ms);
					const valid = !Number.isNaN(d.getTime());
					expect(formatIsoMillis(ms)).toBe(valid ? d.toISOString() : String(ms));
					expect(formatClockMillis(ms)).toBe(
						valid ? `${formatClock(ms)}.${String(d.getMilliseconds()).padStart(3, '0')}` : String(ms),
					);
				}
			}),
		);
		expect(formatIsoMillis(Date.UTC(2026, 0, 2, 3, 4, 5, 7))).toBe('2026-01-02T03:04:05.007Z');
		expect(formatIsoMillis(-1)).toBe('1969-12-31T23:59:59.999Z');
		expect(formatIsoMillis(1.5)).toBe(new Date(1.5).toISOString());
		expect(formatIsoMillis(9e15)).toBe('9000000000000000');
	});

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
