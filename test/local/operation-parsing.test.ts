/**
 * The pure parsers of the new operations: cron expressions (5 fields, CRON_TZ, and the local
 * seconds field), plan limits from a file or a flag, and the filters of listings and bulk
 * operations.
 */
import { describe, expect, it } from 'vitest';
import { filterQuery } from '../../source/api/filters.js';
import { parseRedaction } from '../../source/api/publish-options.js';
import { LimitsError, parseLimitAssignment, parsePlanLimits } from '../../source/local/account/limits.js';
import {
	cancelFilters,
	logFilters,
	matchesFilter,
	parseFilter,
} from '../../source/local/api/filter-query.js';
import { CronError, parseCron } from '../../source/local/schedules/cron.js';

const at = (iso: string) => Date.parse(iso);

describe('parseCron', () => {
	it('reads 5 fields in UTC, CRON_TZ zones, and 6 fields with seconds first', () => {
		expect(parseCron('*/15 * * * *').next(at('2026-03-01T10:07:00Z'))).toBe(at('2026-03-01T10:15:00Z'));
		const berlin = parseCron('CRON_TZ=Europe/Berlin 0 9 * * *');
		expect(berlin.timezone).toBe('Europe/Berlin');
		expect(berlin.next(at('2026-07-01T00:00:00Z'))).toBe(at('2026-07-01T07:00:00Z'));
		expect(parseCron('*/5 * * * * *').next(at('2026-03-01T10:00:01Z'))).toBe(at('2026-03-01T10:00:05Z'));
	});

	it('refuses what it cannot read, saying why', () => {
		for (const text of [
			'',
			'* * * *',
			'* * * * * * *',
			'99 * * * *',
			'CRON_TZ=Nowhere/Land * * * * *',
			'0 0 30 2 *',
		])
			expect(() => parseCron(text), text).toThrow(CronError);
	});
});

describe('plan limits', () => {
	it('reads a JSON object of known limits and name=value flags', () => {
		expect(parsePlanLimits({ max_queues: 3, max_delay: 60 })).toEqual({ max_queues: 3, max_delay: 60 });
		expect(parseLimitAssignment(' max_retries = 7 ')).toEqual(['max_retries', 7]);
	});

	it('refuses unknown names, negative or fractional values, and other shapes', () => {
		for (const json of [
			[],
			'x',
			null,
			{ max_bananas: 1 },
			{ max_queues: -1 },
			{ max_queues: 1.5 },
			{ max_queues: '3' },
		])
			expect(() => parsePlanLimits(json), JSON.stringify(json)).toThrow(LimitsError);
		for (const text of ['max_queues', 'max_queues=-1', 'max_bananas=3', '=3'])
			expect(() => parseLimitAssignment(text), text).toThrow(LimitsError);
	});
});

describe('filters', () => {
	const subject = {
		messageId: 'msg_1',
		url: 'https://api.example.com/orders?x=1,2',
		topicName: 'fan',
		labels: ['a', 'b'],
		callerIp: '10.0.0.1',
		time: 1000,
		state: 'ERROR',
	};

	it('encodes several values as repeated parameters, and reads them back, or comma-separated', () => {
		const query = new URLSearchParams(filterQuery({ label: ['x', 'b'], fromDate: 500, url: subject.url }));
		expect(query.toString()).toBe(
			'url=https%3A%2F%2Fapi.example.com%2Forders%3Fx%3D1%2C2&label=x&label=b&fromDate=500',
		);
		expect(matchesFilter(parseFilter(query, logFilters, []), subject)).toBe(true);
		expect(matchesFilter(parseFilter(new URLSearchParams('label=x,y'), logFilters, []), subject)).toBe(false);
		expect(matchesFilter(parseFilter(new URLSearchParams('label=y,a'), logFilters, []), subject)).toBe(true);
	});

	it('matches all filters given (AND) and any value of each (OR), hosts, paths, dates and IN_PROGRESS', () => {
		const match = (text: string) =>
			matchesFilter(parseFilter(new URLSearchParams(text), logFilters, []), subject);
		expect(match('')).toBe(true);
		expect(match('host=api.example.com&path=/orders&topicName=fan')).toBe(true);
		expect(match('host=api.example.com&topicName=other')).toBe(false);
		expect(match('state=IN_PROGRESS')).toBe(true);
		expect(match('state=delivered')).toBe(false);
		expect(match('fromDate=1000&toDate=1000')).toBe(true);
		expect(match('toDate=999')).toBe(false);
		expect(match('callerIP=10.0.0.1')).toBe(true);
	});

	it('refuses unknown parameters and bad values, so a bulk operation never widens', () => {
		for (const text of ['lable=a', 'state=LOST', 'fromDate=yesterday', 'responseStatus=5xx', 'messageId=m'])
			expect(() => parseFilter(new URLSearchParams(text), cancelFilters, ['count']), text).toThrow();
		expect(parseFilter(new URLSearchParams('count=5'), cancelFilters, ['count']).empty).toBe(true);
	});

	it('reads redaction as the SDK and the reference write it', () => {
		expect(parseRedaction('body,header[Authorization], header[X-Key]')).toEqual({
			body: true,
			headers: ['Authorization', 'X-Key'],
		});
		expect(parseRedaction('headers')).toEqual({ headers: true });
		expect(() => parseRedaction('everything')).toThrow();
	});
});
