/** A schedule at a glance: when it runs next, how its last run went, times relative and local. */
import { describe, expect, it } from 'vitest';
import { describeLastRun, lastRun, runAgo, scheduleTiming } from '../../source/format/schedule.js';
import { formatClockIn, formatLocalDateTime, formatRelative } from '../../source/format/time.js';

const now = Date.parse('2026-01-16T10:00:02Z');

describe('schedule timing', () => {
	it('takes the service’s next time while it is ahead, and the cron’s otherwise', () => {
		const told = now + 60_000;
		expect(scheduleTiming({ cron: '*/5 * * * * *', nextScheduleTime: told }, now, 2).next).toBe(told);
		const stale = scheduleTiming({ cron: '*/5 * * * * *', nextScheduleTime: now - 1000 }, now, 2);
		expect(stale.next).toBe(Date.parse('2026-01-16T10:00:05Z'));
		expect(stale.runs).toEqual([Date.parse('2026-01-16T10:00:05Z'), Date.parse('2026-01-16T10:00:10Z')]);
	});

	it('has no next run while paused, but still the runs it would make', () => {
		const paused = scheduleTiming(
			{ cron: '0 * * * *', isPaused: true, nextScheduleTime: now + 5000 },
			now,
			1,
		);
		expect(paused.next).toBeUndefined();
		expect(paused.runs).toEqual([Date.parse('2026-01-16T11:00:00Z')]);
	});

	it('says why it cannot tell', () => {
		expect(scheduleTiming({ cron: 'sometimes' }, now, 3)).toMatchObject({
			next: undefined,
			runs: [],
			problem: expect.stringContaining('expected 5 fields'),
		});
	});
});

describe('the last run', () => {
	it('names a failure first, then a run in progress, then success; unknown states as they came', () => {
		const run = (states: Record<string, string>) =>
			describeLastRun(lastRun({ lastScheduleTime: now, lastScheduleStates: states }));
		expect(run({ a: 'FAIL' })).toBe('failed');
		expect(run({ a: 'SUCCESS', b: 'FAIL', c: 'IN_PROGRESS' })).toBe('1 of 3 failed');
		expect(run({ a: 'SUCCESS', b: 'IN_PROGRESS' })).toBe('1 of 2 in progress');
		expect(run({ a: 'SUCCESS', b: 'SUCCESS' })).toBe('2 succeeded');
		expect(run({ a: 'PAUSED_SOMEHOW' })).toBe('PAUSED_SOMEHOW');
		expect(run({})).toBe('no messages');
		expect(describeLastRun(lastRun({}))).toBe('not run yet');
		expect(lastRun({ lastScheduleStates: { a: 'FAIL' } }).outcome).toBe('failed');
	});

	it('is never in the future', () => {
		expect(runAgo(now + 300, now)).toBe('now');
		expect(runAgo(now - 12_500, now)).toBe('12s ago');
	});
});

describe('times', () => {
	it('are relative in two units at most, rounded to whole seconds toward now', () => {
		expect(formatRelative(now + 400, now)).toBe('in 1s');
		expect(formatRelative(now - 400, now)).toBe('now');
		expect(formatRelative(now + 3 * 3_600_000 + 20 * 60_000 + 5000, now)).toBe('in 3h20m');
		expect(formatRelative(now + 3 * 3_600_000 + 5000, now)).toBe('in 3h');
		expect(formatRelative(now - (2 * 86_400_000 + 4 * 3_600_000), now)).toBe('2d4h ago');
	});

	it('are spelled out in local time, or in a named zone', () => {
		const local = new Date(2026, 0, 16, 9, 5, 7).getTime();
		expect(formatLocalDateTime(local)).toBe('Fri 2026-01-16 09:05:07');
		expect(formatClockIn(Date.parse('2026-07-01T13:00:00Z'), 'America/New_York')).toBe('09:00:00');
		expect(formatClockIn(Date.parse('2026-01-01T23:30:00Z'), 'Asia/Kolkata')).toBe('05:00:00');
	});
});
