/**
 * Schedules through the official SDK (deployed dialect) and through our client: a schedule
 * that fires every second (the local 6-field extension) is seen firing at the destination
 * with its scheduleId, paused, resumed, updated by id and deleted; every publish option and
 * the CRON_TZ prefix are kept; bad input changes nothing.
 */
import type { Client } from '@upstash/qstash';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../source/api/errors.js';
import { complete } from '../support/reading.js';
import { waitUntil } from '../support/wait.js';
import { type Fixture, failure, quietly, type Sink, startSdkFixture, startSink } from './helpers.js';

let fx: Fixture;
let qstash: Client;
let sink: Sink;

beforeAll(async () => {
	({ qstash, ...fx } = await startSdkFixture({ limits: { max_schedules: 4 } }));
	sink = await startSink();
});
afterAll(async () => {
	await fx.close();
	await sink.close();
});

const arrivals = (path: string) => sink.received.filter((r) => r.url === path);

/** Resolves once `path` has received `count` more requests than it had. */
function more(path: string, count: number) {
	const before = arrivals(path).length;
	return waitUntil(() => (arrivals(path).length >= before + count ? arrivals(path) : undefined), 8000);
}

/** Waits for a plain message published with `delayMs` to arrive: time for anything due to show. */
async function afterDelay(delayMs: number): Promise<void> {
	const ticks = more('/tick', 1);
	await fx.client.publish({ destination: `${sink.url}/tick`, options: { delayMs } });
	await ticks;
}

describe('schedules through the official SDK', () => {
	it('fires every second, pauses, resumes and is deleted', async () => {
		const { scheduleId } = await qstash.schedules.create({
			destination: `${sink.url}/every`,
			cron: '* * * * * *',
			body: 'tick',
			headers: { 'X-From': 'schedule' },
			label: 'heartbeat',
		});
		const fired = await more('/every', 2);
		const [first, second] = fired.slice(-2);
		expect(first!.headers['upstash-schedule-id']).toBe(scheduleId);
		expect(first!.headers['x-from']).toBe('schedule');
		expect(first!.body.toString()).toBe('tick');
		expect(second!.headers['upstash-message-id']).not.toBe(first!.headers['upstash-message-id']);

		const schedule = await qstash.schedules.get(scheduleId);
		expect(schedule).toMatchObject({ scheduleId, cron: '* * * * * *', isPaused: false, label: 'heartbeat' });
		expect(schedule.lastScheduleTime! % 1000).toBe(0);
		expect(schedule.nextScheduleTime! % 1000).toBe(0);
		expect(schedule.nextScheduleTime).toBeGreaterThan(schedule.lastScheduleTime!);
		await waitUntil(async () => {
			const states = Object.values((await qstash.schedules.get(scheduleId)).lastScheduleStates ?? {});
			return states.includes('SUCCESS') ? true : undefined;
		});
		const logs = await qstash.logs({ filter: { scheduleId, state: 'DELIVERED' } });
		expect(logs.logs.length).toBeGreaterThan(0);
		expect(logs.logs.every((l) => l.url === `${sink.url}/every`)).toBe(true);

		await qstash.schedules.pause({ schedule: scheduleId });
		const paused = await qstash.schedules.get(scheduleId);
		expect(paused.isPaused).toBe(true);
		expect(paused.nextScheduleTime).toBeUndefined();
		const whilePaused = arrivals('/every').length;
		await afterDelay(1500);
		// A firing already on its way when the pause came may still land; none after it.
		expect(arrivals('/every').length - whilePaused).toBeLessThanOrEqual(1);
		const settled = arrivals('/every').length;
		await afterDelay(1200);
		expect(arrivals('/every').length).toBe(settled);

		await qstash.schedules.resume({ schedule: scheduleId });
		await more('/every', 1);
		await qstash.schedules.delete(scheduleId);
		expect((await qstash.schedules.list()).map((s) => s.scheduleId)).not.toContain(scheduleId);
		await quietly(async () => {
			expect(await failure(qstash.schedules.get(scheduleId))).toMatchObject({ status: 404 });
		});
	});

	it('keeps every publish option and the time zone, and updates a schedule by id', async () => {
		const { scheduleId } = await qstash.schedules.create({
			destination: `${sink.url}/nightly`,
			cron: 'CRON_TZ=America/New_York 0 9 * * 1-5',
			scheduleId: 'nightly-report',
			method: 'PUT',
			retries: 2,
			delay: 30,
			timeout: 20,
			callback: 'http://127.0.0.1:9/cb',
			failureCallback: 'http://127.0.0.1:9/failed',
			retryDelay: 'pow(2, retried) * 1000',
			flowControl: { key: 'reports', rate: 5, period: 60 },
			label: ['reports', 'nightly'],
			headers: { 'Content-Type': 'application/json', 'X-Report': 'sales' },
			body: '{"report":"sales"}',
		});
		expect(scheduleId).toBe('nightly-report');
		const schedule = await qstash.schedules.get(scheduleId);
		expect(schedule).toMatchObject({
			cron: 'CRON_TZ=America/New_York 0 9 * * 1-5',
			destination: `${sink.url}/nightly`,
			method: 'PUT',
			retries: 2,
			delay: 30,
			callback: 'http://127.0.0.1:9/cb',
			failureCallback: 'http://127.0.0.1:9/failed',
			retryDelayExpression: 'pow(2, retried) * 1000',
			flowControlKey: 'reports',
			rate: 5,
			period: 60,
			label: 'reports',
			labels: ['reports', 'nightly'],
			body: '{"report":"sales"}',
			isPaused: false,
		});
		expect(schedule.header).toMatchObject({ 'X-Report': ['sales'], 'Content-Type': ['application/json'] });
		// 09:00 in New York is 13:00 or 14:00 UTC, on a weekday.
		const next = new Date(schedule.nextScheduleTime!);
		expect([13, 14]).toContain(next.getUTCHours());
		expect([1, 2, 3, 4, 5]).toContain(next.getUTCDay());

		await qstash.schedules.create({ destination: `${sink.url}/weekly`, cron: '0 8 * * 1', scheduleId });
		const updated = await qstash.schedules.get(scheduleId);
		expect(updated).toMatchObject({
			cron: '0 8 * * 1',
			destination: `${sink.url}/weekly`,
			createdAt: schedule.createdAt,
		});
		expect(updated.labels).toBeUndefined();
		// Updated without a body, it has none: the field is absent, as on the deployed service.
		expect(updated.body).toBeUndefined();
		expect((await qstash.schedules.list()).find((s) => s.scheduleId === scheduleId)).not.toHaveProperty(
			'body',
		);
		await qstash.schedules.delete(scheduleId);
	});
});

describe('schedules through our client', () => {
	it('fires into a queue and to a URL Group, each message carrying the scheduleId', async () => {
		await fx.client.groups.addEndpoints('sched-fan', [{ url: `${sink.url}/g1` }, { url: `${sink.url}/g2` }]);
		const toGroup = more('/g2', 1);
		const groupId = await fx.client.schedules.create({ destination: 'sched-fan', cron: '* * * * * *' });
		await toGroup;
		const queued = more('/queued', 1);
		const queueId = await fx.client.schedules.create({
			destination: `${sink.url}/queued`,
			cron: '* * * * * *',
			queueName: 'scheduled',
		});
		await queued;
		const schedule = await complete(fx.client.schedules.get(queueId));
		expect(schedule).toMatchObject({ queueName: 'scheduled', isPaused: false });
		await fx.client.schedules.pause(groupId);
		const paused = await complete(fx.client.schedules.get(groupId));
		expect(paused.isPaused).toBe(true);
		expect(paused.nextScheduleTime).toBeUndefined();
		await fx.client.schedules.resume(groupId);
		expect((await complete(fx.client.schedules.get(groupId))).nextScheduleTime).toBeGreaterThan(0);
		const page = await complete(
			fx.client.logs.list({ filter: { scheduleId: queueId, queueName: 'scheduled' } }),
		);
		expect(page.logs.length).toBeGreaterThan(0);
		expect(page.logs.every((l) => l.scheduleId === queueId && l.queueName === 'scheduled')).toBe(true);
		for (const id of [groupId, queueId]) await fx.client.schedules.delete(id);
		expect(await complete(fx.client.schedules.list())).toEqual([]);
	});

	it('refuses bad input with the error body of docs/protocol/errors.md#error-body, and creates nothing', async () => {
		const { schedules } = fx.client;
		const status = async (work: Promise<unknown>) => ((await failure(work)) as ApiError).status;
		const destination = `${sink.url}/bad`;
		expect(await status(schedules.create({ destination, cron: 'every minute' }))).toBe(400);
		expect(await status(schedules.create({ destination, cron: '* * * *' }))).toBe(400);
		expect(await status(schedules.create({ destination, cron: '61 * * * *' }))).toBe(400);
		expect(await status(schedules.create({ destination, cron: 'CRON_TZ=Mars/Base 0 * * * *' }))).toBe(400);
		expect(await status(schedules.create({ destination, cron: '* * * * *', scheduleId: 'bad id' }))).toBe(
			400,
		);
		expect(await status(schedules.create({ destination, cron: '* * * * *', options: { retries: 99 } }))).toBe(
			400,
		);
		expect(await status(schedules.create({ destination: 'no-such-group', cron: '* * * * *' }))).toBe(404);
		expect(await status(schedules.pause('nope'))).toBe(404);
		expect(await complete(schedules.list())).toEqual([]);
		for (let i = 0; i < 4; i++)
			await schedules.create({ destination, cron: '0 0 1 1 *', scheduleId: `s${i}` });
		expect(await status(schedules.create({ destination, cron: '0 0 1 1 *' }))).toBe(412);
		await schedules.create({ destination, cron: '0 0 2 1 *', scheduleId: 's0' });
		expect((await complete(schedules.get('s0'))).cron).toBe('0 0 2 1 *');
		for (let i = 0; i < 4; i++) await schedules.delete(`s${i}`);
	});
});
