/** The next runs of a cron expression, as the views and commands show them. */
import { describe, expect, it } from 'vitest';
import { nextRuns, parseCron } from '../../source/api/cron.js';

const at = (iso: string) => Date.parse(iso);

describe('cron next runs', () => {
	it('lists the next runs of 5 fields in UTC', () => {
		const schedule = parseCron('30 9 * * 1-5');
		expect(schedule).toMatchObject({ timezone: 'UTC', zoned: false, seconds: false });
		// Friday 2026-01-16 10:00 UTC: the next weekdays at 09:30 UTC.
		expect(schedule.runs(at('2026-01-16T10:00:00Z'), 3).map((ms) => new Date(ms).toISOString())).toEqual([
			'2026-01-19T09:30:00.000Z',
			'2026-01-20T09:30:00.000Z',
			'2026-01-21T09:30:00.000Z',
		]);
	});

	it('reads CRON_TZ, summer time included', () => {
		const schedule = parseCron('CRON_TZ=America/New_York 0 9 * * *');
		expect(schedule).toMatchObject({ timezone: 'America/New_York', zoned: true });
		// New York moves to daylight saving time on 2026-03-08: 09:00 there is 14:00, then 13:00 UTC.
		expect(schedule.runs(at('2026-03-06T15:00:00Z'), 3).map((ms) => new Date(ms).toISOString())).toEqual([
			'2026-03-07T14:00:00.000Z',
			'2026-03-08T13:00:00.000Z',
			'2026-03-09T13:00:00.000Z',
		]);
		expect(parseCron('CRON_TZ=UTC 0 9 * * *').zoned).toBe(false);
	});

	it('reads the local 6-field form with seconds first, strictly after the given time', () => {
		const schedule = parseCron('*/5 * * * * *');
		expect(schedule.seconds).toBe(true);
		expect(schedule.runs(at('2026-01-16T10:00:00Z'), 2).map((ms) => new Date(ms).toISOString())).toEqual([
			'2026-01-16T10:00:05.000Z',
			'2026-01-16T10:00:10.000Z',
		]);
	});

	it('gives a reason instead of runs for an expression it cannot read', () => {
		expect(nextRuns(undefined, 0, 3)).toEqual({ ok: false, error: 'no cron expression' });
		expect(nextRuns('every minute', 0, 3)).toMatchObject({
			ok: false,
			error: expect.stringContaining('expected 5 fields'),
		});
		expect(nextRuns('CRON_TZ=Nowhere/City 0 9 * * *', 0, 3)).toMatchObject({
			ok: false,
			error: expect.stringContaining('unknown time zone'),
		});
		const ok = nextRuns('0 0 1 1 *', at('2026-06-01T00:00:00Z'), 1);
		expect(ok.ok && ok.runs.map((ms) => new Date(ms).toISOString())).toEqual(['2027-01-01T00:00:00.000Z']);
	});
});
