import { describe, expect, it } from 'vitest';
import {
	describeFilter,
	dlqFilterOf,
	filterValues,
	isFiltered,
	logFilterOf,
	parseTimeBound,
} from '../../source/api/filter-settings.js';
import { SettingError } from '../../source/api/publish-settings.js';

const now = Date.UTC(2026, 0, 31, 12, 0, 0);

describe('filters as typed', () => {
	it('reads times as a span ago, a date, unix seconds or milliseconds, or now', () => {
		expect(parseTimeBound('15m', now)).toBe(now - 15 * 60_000);
		expect(parseTimeBound('1h30m', now)).toBe(now - 90 * 60_000);
		expect(parseTimeBound('now', now)).toBe(now);
		expect(parseTimeBound('1769860800', now)).toBe(1_769_860_800_000);
		expect(parseTimeBound('1769860800123', now)).toBe(1_769_860_800_123);
		expect(parseTimeBound('2026-01-31T09:00:00Z', now)).toBe(Date.UTC(2026, 0, 31, 9));
		expect(parseTimeBound('2026-01-31', now)).toBe(Date.UTC(2026, 0, 31));
		for (const bad of ['', 'yesterday', '15 minutes', '-5m', '31.01.2026', '2026-13-45'])
			expect(() => parseTimeBound(bad, now), bad).toThrow(SettingError);
		expect(() => parseTimeBound('soon', now)).toThrow(/a span ago \(15m, 2h, 1d\)/);
	});

	it('splits values at commas, URLs only before another URL, and keeps repeated flags apart', () => {
		expect(filterValues('label', 'a, b,,c')).toEqual(['a', 'b', 'c']);
		expect(filterValues('label', ['a', 'b,c'])).toEqual(['a', 'b', 'c']);
		expect(filterValues('url', 'https://a.example/x?q=1,2, http://b.example/y')).toEqual([
			'https://a.example/x?q=1,2',
			'http://b.example/y',
		]);
		expect(filterValues('url', undefined)).toEqual([]);
	});

	it('makes the dead letter filter the service reads, or says which field is wrong', () => {
		const { filter, errors } = dlqFilterOf(
			{
				url: 'https://a.example/x',
				group: 'orders,refunds',
				label: ['eu'],
				status: '500, 503',
				from: '1h',
				to: 'now',
				messageId: 'msg_1',
				state: 'FAILED',
			},
			now,
		);
		expect(errors).toEqual({});
		expect(filter).toEqual({
			url: ['https://a.example/x'],
			topicName: ['orders', 'refunds'],
			label: ['eu'],
			responseStatus: [500, 503],
			fromDate: now - 3_600_000,
			toDate: now,
			messageId: 'msg_1',
		});
		expect(dlqFilterOf({ status: '5xx', from: 'later', messageId: 'a b' }, now).errors).toEqual({
			status: expect.stringContaining('"5xx"'),
			from: expect.stringContaining('"later"'),
			messageId: 'a message id has no spaces',
		});
		expect(dlqFilterOf({ messageId: 'a,b' }, now).errors.messageId).toBe('one message id at a time');
		expect(dlqFilterOf({ from: 'now', to: '1h' }, now).errors.to).toBe(
			'the end of the time range is before its start',
		);
	});

	it('makes the log filter with states in any case, refusing a state nobody knows', () => {
		const { filter, errors } = logFilterOf({ state: 'failed,in_progress', label: 'x', status: '500' }, now);
		expect(errors).toEqual({});
		// The logs take no response status: it is left out, not sent.
		expect(filter).toEqual({ state: ['FAILED', 'IN_PROGRESS'], label: ['x'] });
		expect(logFilterOf({ state: 'LOST' }, now).errors.state).toContain('"LOST"');
	});

	it('says whether a filter filters, and describes it in words', () => {
		expect(isFiltered({})).toBe(false);
		expect(isFiltered({ label: [] })).toBe(false);
		expect(isFiltered({ label: ['a'] })).toBe(true);
		const text = describeFilter({ url: ['https://a.example/x'], label: ['a', 'b'], fromDate: 0 }, (ms) =>
			String(ms),
		);
		expect(text).toBe('url https://a.example/x · label a,b · from 0');
	});
});
