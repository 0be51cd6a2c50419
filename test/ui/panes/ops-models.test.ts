/**
 * The pure checks of the on-call views' forms: a schedule typed in the form (the cron checked by
 * the parser that fires it, the publish options by the shared publish fields), a pin of a key's
 * limits, which of them an unpin takes, and a queue's parallelism.
 */
import { describe, expect, it } from 'vitest';
import { defaultDialect } from '../../../source/api/dialect.js';
import { checkPin, unpinForm, unpinSettings } from '../../../source/ui/panes/flow/limits.js';
import { parseParallelism } from '../../../source/ui/panes/queues/queues-model.js';
import { checkScheduleForm, scheduleForm } from '../../../source/ui/panes/schedules/form.js';

const values = (changes: Record<string, string>) => ({ ...scheduleForm().values, ...changes });

describe('the schedule form', () => {
	it('makes the schedule request from every field that is right', () => {
		const { request, errors } = checkScheduleForm(
			values({
				cron: ' CRON_TZ=Europe/Berlin 0 9 * * 1-5 ',
				destination: 'https://example.org/report',
				scheduleId: 'morning',
				queueName: 'reports',
				method: 'PUT',
				body: '{"a":1}',
				retries: '4',
				delay: '30s',
				flowKey: 'reports',
				flowValue: 'rate=5, period=1m',
				labels: 'daily, reports',
				forward: 'X-Team: ops',
			}),
			defaultDialect,
		);
		expect(errors).toEqual({});
		expect(request).toEqual({
			destination: 'https://example.org/report',
			cron: 'CRON_TZ=Europe/Berlin 0 9 * * 1-5',
			scheduleId: 'morning',
			queueName: 'reports',
			body: '{"a":1}',
			options: {
				method: 'PUT',
				retries: 4,
				delayMs: 30_000,
				flowControl: { key: 'reports', rate: 5, periodMs: 60_000 },
				labels: ['daily', 'reports'],
				forwardHeaders: { 'x-team': 'ops' },
			},
		});
	});

	it('says what is wrong next to each field, and makes no request', () => {
		const { request, errors } = checkScheduleForm(
			values({
				cron: '0 9 * *',
				destination: 'not a destination',
				scheduleId: 'a b',
				queueName: 'q/1',
				retries: 'many',
				flowValue: 'rate=5',
			}),
			defaultDialect,
		);
		expect(request).toBeUndefined();
		expect(errors).toEqual({
			cron: expect.stringContaining('expected 5 fields'),
			destination: expect.stringContaining('neither an http(s) URL nor a URL Group name'),
			scheduleId: expect.stringContaining('not a schedule id'),
			queueName: expect.stringContaining('not a queue name'),
			retries: expect.stringContaining('non-negative integer'),
			flowValue: expect.stringContaining('Flow-Control-Key'),
		});
		expect(checkScheduleForm(values({}), defaultDialect).errors.cron).toBe('give a cron expression');
	});

	it('checks every retry delay and every name as the service does', () => {
		// The first retry waits 400 ms; the third would wait a negative time: refused here, as the
		// Publish form and mqtop schedules create refuse it.
		const late = checkScheduleForm(
			values({
				cron: '* * * * *',
				destination: 'https://example.com/hook',
				retries: '3',
				retryDelay: '1000 - retried * 600',
			}),
			defaultDialect,
		);
		expect(late.request).toBeUndefined();
		expect(late.errors).toEqual({ retryDelay: expect.stringContaining('negative delay when retried is 2') });
		// "." and ".." are no names: in a path they would reach another operation.
		for (const name of ['.', '..']) {
			const { errors } = checkScheduleForm(
				values({
					cron: '* * * * *',
					destination: 'https://example.com/hook',
					scheduleId: name,
					queueName: name,
				}),
				defaultDialect,
			);
			expect(errors).toEqual({
				scheduleId: expect.stringContaining('not "." or ".." alone'),
				queueName: expect.stringContaining('not "." or ".." alone'),
			});
		}
	});

	it('has no field for what holds for one run only', () => {
		const ids = scheduleForm().fields.map((f) => f.id);
		expect(ids).not.toContain('notBefore');
		expect(ids).not.toContain('dedupId');
		expect(ids.slice(0, 4)).toEqual(['cron', 'destination', 'scheduleId', 'queueName']);
	});
});

describe('pinning and unpinning a key', () => {
	it('pins what is given, in whole seconds for the period', () => {
		expect(checkPin({ parallelism: '3', rate: '', period: '' })).toEqual({
			errors: {},
			pin: { parallelism: 3 },
		});
		expect(checkPin({ parallelism: '', rate: '10', period: '1m' })).toEqual({
			errors: {},
			pin: { rate: 10, period: 60 },
		});
	});

	it('refuses nothing at all, and values that are not whole and positive', () => {
		expect(checkPin({ parallelism: '', rate: '', period: '' }).errors.parallelism).toContain(
			'give a parallelism',
		);
		const bad = checkPin({ parallelism: '0', rate: '1.5', period: '500ms' });
		expect(bad.pin).toBeUndefined();
		expect(bad.errors).toEqual({
			parallelism: 'a whole number from 1',
			rate: 'a whole number from 1',
			period: 'whole seconds, at least 1s',
		});
		expect(checkPin({ parallelism: '', rate: '', period: 'soon' }).errors.period).toContain(
			'invalid duration',
		);
	});

	it('unpins the pinned limit, or both', () => {
		const key = { flowControlKey: 'k' };
		expect(unpinForm({ ...key, isPinnedRate: true }).values.which).toBe('rate');
		expect(unpinForm({ ...key, isPinnedParallelism: true }).values.which).toBe('parallelism');
		expect(unpinForm({ ...key, isPinnedParallelism: true, isPinnedRate: true }).values.which).toBe('both');
		expect(unpinSettings({ which: 'both' })).toEqual({ parallelism: true, rate: true });
		expect(unpinSettings({ which: 'rate' })).toEqual({ parallelism: false, rate: true });
	});
});

describe('a queue parallelism', () => {
	it('is a whole number from 1', () => {
		expect(parseParallelism(' 5 ')).toEqual({ value: 5 });
		for (const text of ['0', '-1', '2.5', 'x', ''])
			expect(parseParallelism(text)).toEqual({ error: expect.stringContaining('whole number from 1') });
	});
});
