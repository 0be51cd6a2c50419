/**
 * The on-call demo traffic against the local service: a schedule that runs every few seconds
 * and fails now and then, a paused schedule, a queue with a small parallelism and a backlog, and
 * flow-controlled publishes held by a key's parallelism and another's rate, so the Schedules,
 * Queues and Flow control views show life on a fresh machine. Its backlogs stay bounded, and it
 * stops.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemo } from '../../source/demo/demo.js';
import { startDemoDestinations } from '../../source/demo/destinations.js';
import { opsDemo, startOpsTraffic } from '../../source/demo/ops-traffic.js';
import { type Fixture, startFixture, startSink } from '../local/helpers.js';
import { seededRandom } from '../support/seeded-random.js';
import { waitUntil } from '../support/wait.js';

let fx: Fixture;
beforeAll(async () => {
	fx = await startFixture();
});
afterAll(() => fx.close());

describe('on-call demo traffic', () => {
	it('runs a failing-now-and-then schedule, keeps a queue backlog and holds flow-controlled publishes', async () => {
		// The report fails on more than half of its attempts here, so both outcomes come quickly.
		const destinations = await startDemoDestinations({
			flakyFailureRate: 0.7,
			slowMaxMs: 600,
			random: seededRandom(15),
		});
		const errors: unknown[] = [];
		const backlog = 6;
		const traffic = await startOpsTraffic({
			client: fx.client,
			destinations,
			scheduleCron: '* * * * * *',
			backlog,
			everyMs: 200,
			onError: (error) => errors.push(error),
		});
		const seen = { queueLag: 0, parallelWaiting: 0, rateWaiting: 0 };
		try {
			const { data: paused } = await fx.client.schedules.get(opsDemo.pausedSchedule);
			expect(paused).toMatchObject({ isPaused: true, cron: 'CRON_TZ=America/New_York 0 9 * * 1' });

			await waitUntil(
				async () => {
					const [queue, keys, failed, delivered] = await Promise.all([
						fx.client.queues.get(opsDemo.queue),
						fx.client.flowControl.list(),
						fx.client.dlq.list({ filter: { scheduleId: opsDemo.schedule } }),
						fx.client.logs.list({ filter: { scheduleId: opsDemo.schedule, state: 'DELIVERED' } }),
					]);
					const key = (name: string) => keys.data.find((k) => k.flowControlKey === name);
					const parallel = key(opsDemo.parallelKey);
					const rated = key(opsDemo.rateKey);
					seen.queueLag = Math.max(seen.queueLag, queue.data.lag ?? 0);
					seen.parallelWaiting = Math.max(seen.parallelWaiting, parallel?.waitListSize ?? 0);
					seen.rateWaiting = Math.max(seen.rateWaiting, rated?.waitListSize ?? 0);
					// Held by their limits: never more in flight than the key allows.
					if (parallel) expect(parallel.parallelismCount ?? 0).toBeLessThanOrEqual(2);
					if (rated) expect(rated.rateMax).toBe(2);
					expect(queue.data.parallelism).toBe(2);
					const ready =
						failed.data.messages.length > 0 &&
						delivered.data.logs.length > 0 &&
						seen.queueLag >= 3 &&
						seen.parallelWaiting >= 3 &&
						seen.rateWaiting >= 3 &&
						destinations.received.slow > 0;
					return ready ? true : undefined;
				},
				30_000,
				() =>
					`not every view had life: ${JSON.stringify({ seen, counts: traffic.counts, received: destinations.received })}`,
			);
		} finally {
			await traffic.stop();
		}
		expect(errors).toEqual([]);

		// The backlogs are bounded: topped up to the backlog, a few at a time.
		const counts = { ...traffic.counts };
		const { data: queue } = await fx.client.queues.get(opsDemo.queue);
		expect(queue.lag ?? 0).toBeLessThanOrEqual(backlog + 4);
		for (const key of (await fx.client.flowControl.list()).data)
			expect(key.waitListSize ?? 0).toBeLessThanOrEqual(backlog + 4);

		// Stopped means stopped: nothing more is sent while a delayed probe makes its way.
		const sink = await startSink();
		await fx.client.publish({ destination: `${sink.url}/probe`, options: { delayMs: 600 } });
		await sink.waitFor(1, 10_000);
		await sink.close();
		expect(traffic.counts).toEqual(counts);
		await destinations.close();
	});

	it('is part of `mqtop --demo`', { timeout: 60_000 }, async () => {
		// A service of its own: nothing of the test above is in it.
		const own = await startFixture();
		const receiver = await startSink();
		const errors: unknown[] = [];
		let last = '';
		const demo = await startDemo({
			client: own.client,
			service: own.service,
			receiverUrl: receiver.url,
			onError: (error) => errors.push(error),
		});
		try {
			await waitUntil(
				async () => {
					const [schedules, queues] = await Promise.all([
						own.client.schedules.list(),
						own.client.queues.list(),
					]);
					const ids = schedules.data.map((s) => s.scheduleId);
					const lag = queues.data.find((q) => q.name === opsDemo.queue)?.lag ?? 0;
					last = JSON.stringify({ ids, queues: queues.data });
					return ids.includes(opsDemo.schedule) && ids.includes(opsDemo.pausedSchedule) && lag > 0
						? true
						: undefined;
				},
				20_000,
				() => `the demo made no schedules or backlog: ${last} ${errors.map(String).join('; ')}`,
			);
		} finally {
			await demo.stop();
			await receiver.close();
			await own.close();
		}
	});
});
